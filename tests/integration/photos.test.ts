/**
 * Photographs end to end (decision 0020): a copy of the project gets photographs made by
 * the test (tests/support/photos.ts: two testimonial portraits, a gallery picture and a
 * case study's image), the real `npm run build` runs there, and the prerendered pages must
 * offer each as AVIF and WebP at its widths with an honest `sizes`, keep its width and
 * height, load it lazily below the fold and first (fetchpriority=high) where it is the
 * largest paint. Then Chromium loads the case study from our server: it must fetch the
 * AVIF file that fits, allowed by the page's CSP, without a layout shift.
 *
 * The encoded files are cached by content (node_modules/.cache/blueberry-photos, shared
 * with the project through the symlink), so after the first run the build only reads them.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SIZES } from "~/components/image-sizes";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { makePhoto } from "../support/photos.ts";
import { buildCopy, copyProject, editFile } from "../support/project-copy.ts";
import { removeDir, type Site, startSite } from "../support/site-server.ts";

const CASE_STUDY = "/casestudies/hevc-decoder-ip-verification";

let project: string;
let client: string;
let buildOutput = "";
let server: Site | null = null;
let origin = "";
const originalBytes: Record<string, number> = {};

function html(path: string): string {
  return readFileSync(join(client, path, "index.html"), "utf8");
}

/** Each <picture> of a page, with its sources' and its img's attributes. */
function pictures(page: string) {
  return [...page.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map(([, inner = ""]) => {
    const attrs = (tag: string) =>
      // Names in lower case: React writes some as their DOM property (srcSet, fetchPriority).
      Object.fromEntries(
        [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [(k as string).toLowerCase(), v as string]),
      );
    const sources = [...inner.matchAll(/<source [^>]*>/g)].map(([tag]) => attrs(tag));
    const img = attrs(/<img [^>]*>/.exec(inner)?.[0] ?? "");
    return { sources, img };
  });
}

/** The widths of a srcset ("a 320w, b 480w" → [320, 480]) and its files. */
function srcset(value = "") {
  const entries = value.split(", ").map((entry) => entry.split(" "));
  return { urls: entries.map(([url]) => url as string), widths: entries.map(([, w]) => Number.parseInt(w ?? "", 10)) };
}

beforeAll(async () => {
  project = copyProject("photos");
  const photos = {
    "public/images/testimonials/priya.jpg": await makePhoto({ width: 640, height: 640, format: "jpeg", seed: 21 }),
    "public/images/testimonials/arjun.png": await makePhoto({ width: 480, height: 480, format: "png", seed: 22 }),
    "public/images/gallery/lab-bench.jpg": await makePhoto({ width: 2000, height: 1333, format: "jpeg", seed: 23 }),
    "public/images/case-studies/hevc-lab.jpg": await makePhoto({ width: 1600, height: 900, format: "jpeg", seed: 24 }),
  };
  mkdirSync(join(project, "public/images/testimonials"));
  for (const [file, bytes] of Object.entries(photos)) {
    writeFileSync(join(project, file), bytes);
    originalBytes[file.replace(/^public/, "")] = bytes.length;
  }
  editFile(
    project,
    "app/content/testimonials/priya-raghavan.yaml",
    "name: Priya Raghavan\n",
    "name: Priya Raghavan\nportrait:\n  src: /images/testimonials/priya.jpg\n  alt: Priya Raghavan\n",
  );
  editFile(
    project,
    "app/content/testimonials/arjun-menon.yaml",
    "name: Arjun Menon\n",
    "name: Arjun Menon\nportrait:\n  src: /images/testimonials/arjun.png\n  alt: Arjun Menon\n",
  );
  editFile(
    project,
    "app/content/gallery/board-bring-up-on-the-lab-bench.yaml",
    "/images/gallery/gallery-01.svg",
    "/images/gallery/lab-bench.jpg",
  );
  editFile(
    project,
    "app/content/case-studies/hevc-decoder-ip-verification.yaml",
    "/images/case-studies/hevc-decoder-ip-verification.svg",
    "/images/case-studies/hevc-lab.jpg",
  );
  buildOutput = await buildCopy(project);
  client = join(project, "build", "client");
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (project) await removeDir(project);
});

describe("photographs in the built pages", () => {
  it("the build encodes the four photographs the content names", () => {
    // 6 + 6 + 1 (1600 px), 6 + 6 + 1 (2000 px), 3 + 3 + 1 (640 px), 2 + 2 + 1 (480 px).
    expect(buildOutput).toMatch(/photos: 4 photograph\(s\) → 38 files in \/assets\/photos\//);
  });

  it("the case study's image is the largest paint: AVIF then WebP at its widths, first and eager", () => {
    const [first, ...others] = pictures(html(CASE_STUDY));
    expect(others).toEqual([]);
    if (!first) throw new Error("no <picture> on the case study");
    expect(first.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    for (const source of first.sources) {
      expect(source.sizes).toBe(IMAGE_SIZES.pageBody);
      expect(srcset(source.srcset).widths).toEqual([320, 480, 640, 960, 1280, 1600]);
    }
    expect(first.img).toMatchObject({
      width: "1600",
      height: "900",
      loading: "eager",
      fetchpriority: "high",
      alt: expect.stringMatching(/\w/),
    });
    expect(first.img.src).toMatch(/^\/assets\/photos\/hevc-lab-1280-\w+\.jpg$/);
    expect(first.img.class).toContain("picture");
  });

  it("the portraits replace the monograms, lazily, in a box of the avatar's size", () => {
    const found = pictures(html("/careers/testimonials"));
    expect(found).toHaveLength(2);
    for (const { sources, img } of found) {
      expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
      expect(img.loading).toBe("lazy");
      expect(img.fetchpriority).toBeUndefined();
      expect(img.class).toContain("picture--cover");
      expect(img.width).toBe(img.height);
      expect(sources[0]?.sizes).toBe(`${img.width}px`);
    }
    const [priya, arjun] = found;
    expect(srcset(priya?.sources[0]?.srcset).widths).toEqual([320, 480, 640]);
    expect(srcset(arjun?.sources[1]?.srcset).widths).toEqual([320, 480]);
    expect(priya?.img.alt).toBe("Priya Raghavan");
  });

  it("the gallery picture keeps its size and loads lazily below the fold", () => {
    const page = html("/careers/life-blueberry");
    const [photo, ...others] = pictures(page);
    expect(others).toEqual([]);
    expect(photo?.img).toMatchObject({ width: "2000", height: "1333", loading: "lazy" });
    expect(photo?.sources[0]?.sizes).toBe(IMAGE_SIZES.gallery);
    expect(srcset(photo?.sources[0]?.srcset).widths).toEqual([320, 480, 640, 960, 1280, 1920]);
    // Without JavaScript the thumbnail's link opens the fallback file, not the 2000-px original.
    expect(page).toMatch(/<a href="\/assets\/photos\/lab-bench-1280-\w+\.jpg" class="image-grid__link"/);
  });

  it("every file the pages name exists, and each AVIF and WebP is far smaller than its original", () => {
    const pages = [CASE_STUDY, "/careers/testimonials", "/careers/life-blueberry"].map(html).join("\n");
    const urls = [...new Set(pages.match(/\/assets\/photos\/[\w-]+\.(?:avif|webp|jpg|png)/g))];
    expect(urls.length).toBeGreaterThanOrEqual(4 * 2 * 2);
    for (const url of urls) expect(existsSync(join(client, url)), url).toBe(true);
    const sourceOf: Record<string, string> = {
      "hevc-lab": "/images/case-studies/hevc-lab.jpg",
      "lab-bench": "/images/gallery/lab-bench.jpg",
      priya: "/images/testimonials/priya.jpg",
      arjun: "/images/testimonials/arjun.png",
    };
    for (const url of urls.filter((u) => /\.(avif|webp)$/.test(u))) {
      const name = /\/assets\/photos\/([a-z-]+)-\d+-/.exec(url)?.[1] ?? "";
      const original = originalBytes[sourceOf[name] ?? ""];
      expect(original, url).toBeGreaterThan(0);
      expect(statSync(join(client, url)).size, url).toBeLessThan((original as number) / 2);
    }
    // Already compressed: no brotli or gzip copies of them.
    expect(urls.some((url) => existsSync(join(client, `${url}.br`)))).toBe(false);
  });
});

describe("a photograph in Chromium", () => {
  beforeAll(async () => {
    server = await startSite({ cwd: project, dataDir: join(project, "data"), env: { BUILD_DIR: "build" } });
    origin = server.origin;
  }, 90_000);

  it("fetches the AVIF file that fits, allowed by the CSP, immutable, with no layout shift", async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript(() => {
        const w = window as unknown as { cls: number };
        w.cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) w.cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to load/i.test(message.text())) refused.push(message.text());
      });
      const photos: Array<{ url: string; type: string; cache: string }> = [];
      page.on("response", (response) => {
        if (response.url().includes("/assets/photos/"))
          photos.push({
            url: response.url(),
            type: response.headers()["content-type"] ?? "",
            cache: response.headers()["cache-control"] ?? "",
          });
      });
      await page.goto(`${origin}${CASE_STUDY}`, { waitUntil: "load" });
      const image = page.locator("picture img");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
        .toBeTruthy();
      const currentSrc = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      // 1280-px window, DPR 1: the column is 72rem - 24rem = 768 px, so the 960-px file.
      expect(currentSrc).toMatch(/\/assets\/photos\/hevc-lab-960-\w+\.avif$/);
      expect(photos).toEqual([{ url: currentSrc, type: "image/avif", cache: "public, max-age=31536000, immutable" }]);
      const box = await image.boundingBox();
      expect(box?.width).toBeCloseTo(768, 0);
      expect(box?.height).toBeCloseTo((768 * 900) / 1600, 0);
      // Down the page and back, so anything lazy below has its turn to shift the layout.
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
