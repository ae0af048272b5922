/**
 * A copy of the project, its content changed and built for real, serves two sets of proofs
 * with one build each step (a build is the slow part).
 *
 * Photographs end to end (decision 0020): the copy gets photographs made by the test
 * (tests/support/photos.ts: two testimonial portraits, a gallery picture and a case study's
 * image, each given to the first item the site lists that has none: tests/support/content-picks.ts);
 * the prerendered pages must offer each as AVIF and WebP at its widths with an
 * honest `sizes`, keep its width and height, load it lazily below the fold and first
 * (fetchpriority=high) where it is the largest paint; Chromium loading the case study from
 * our server fetches the AVIF file that fits, allowed by the page's CSP, without a layout
 * shift. The encoded files are cached by content (node_modules/.cache/blueberry-photos,
 * shared through the symlink), so after the first run the build only reads them.
 *
 * The browser editor end to end (decision 0051), through its real screens in Chromium: the
 * copy is made a git repository, served by the stand-in of GitHub's API
 * (tests/support/stand-ins/git-host.ts: these machines have no internet, and the editor's
 * own local mode needs a directory picker no test can answer), and built with the editor
 * pointed at it, publishing straight to the branch. An editor signs in with an access
 * token, is refused a bad opening, adds a good one, puts it first in the order, and adds a
 * case study with a photograph uploaded from the computer: each save is a commit holding
 * what was typed. The copy is built again from the branch: the opening is on the careers
 * list, first, on its own page with its JobPosting data and in the sitemap; the photograph
 * is served as AVIF and WebP at its widths with its width and height. The editor closes the
 * opening; after the next build it is gone from all three and its address answers 404.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Locator, type Page } from "@playwright/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse, parseDocument } from "yaml";
import { IMAGE_SIZES } from "~/components/image-sizes";
import { isOpen, readBuildDate } from "../../common/build-date.ts";
import { TEST_BUILD_DATE } from "../support/build-date.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { aCaseStudy, aGalleryPicture, hasGeneratedArt, testimonialsWhere } from "../support/content-picks.ts";
import { makePhoto } from "../support/photos.ts";
import { buildCopy, copyProject } from "../support/project-copy.ts";
import { type GitHostStandIn, startGitHost } from "../support/stand-ins/git-host.ts";
import { removeDir, ROOT, type Site, startSite, tempDir } from "../support/site-server.ts";

/** The case study whose drawn picture the test swaps for a photograph. */
const STUDY = aCaseStudy("a case study whose picture is the drawn art", hasGeneratedArt);
const CASE_STUDY = STUDY.path;
/** The two testimonials the test gives a portrait, in the order the page shows them (the featured one first). */
const PORTRAITS = testimonialsWhere("two testimonials without a portrait", 2, ({ value }) => !value.portrait)
  .map((testimonial, i) =>
    i === 0
      ? { testimonial, src: "/images/testimonials/first.jpg", widths: [320, 480, 640] }
      : { testimonial, src: "/images/testimonials/second.png", widths: [320, 480] },
  )
  .sort((a, b) => Number(b.testimonial.value.featured ?? false) - Number(a.testimonial.value.featured ?? false));
/** The gallery picture the test swaps for a photograph. */
const GALLERY_PICTURE = aGalleryPicture("a gallery picture that is a drawing", ({ value }) =>
  value.image.src.endsWith(".svg"),
);
const REPO = "blueberry-semiconductors/website";
const TOKEN = "github_pat_stand_in_for_tests";
const OPENING = "app/content/jobs/mixed-signal-verification-engineer.yaml";
const OPENING_PAGE = "/careers/jobs/vlsi/mixed-signal-verification-engineer";
const NEW_CASE_STUDY = "app/content/case-studies/motor-controller-board-bring-up.yaml";
const NEW_CASE_STUDY_PAGE = "/casestudies/motor-controller-board-bring-up";
const PHOTO = "public/images/uploads/motor-controller-bench.jpg";

let project: string;
let client: string;
let buildOutput = "";
const originalBytes: Record<string, number> = {};
let host: GitHostStandIn;
let site: Site | null = null;
let browser: Browser;
let page: Page;
let photoDir: string;

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

/** Sets one field of a content file in the copy, the rest of the file as it was. */
function setInCopy(file: string, field: string[], value: unknown): void {
  const yaml = parseDocument(readFileSync(join(project, file), "utf8"));
  yaml.setIn(field, value);
  writeFileSync(join(project, file), String(yaml));
}

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: project, stdio: ["ignore", "pipe", "pipe"] }).toString("utf8");

/** A file as the branch has it now (what the editor committed). */
const onBranch = (path: string) => parse(git("show", `main:${path}`)) as Record<string, unknown>;

const built = (path: string) => join(client, path);

/** Builds the copy from the branch as the editor left it, and serves it on the same origin (the editor's session is kept per origin). */
async function buildAndServe(): Promise<void> {
  const port = site?.port;
  await site?.stop();
  git("checkout", "--quiet", "--force", "main");
  buildOutput = await buildCopy(project, { CMS_GIT_API: host.origin, CMS_REPO: REPO, CMS_PUBLISH_MODE: "simple" });
  site = await startSite({ cwd: project, ...(port ? { port } : {}) });
}

/**
 * One of the editor's fields, by its label (the editor names each field's group “Label”
 * Field), scrolled into view: the editor draws a field's parts only when it comes near
 * the screen, as a visitor scrolling down would make it.
 */
async function field(label: string, within: Page | Locator = page): Promise<Locator> {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const group = within.getByRole("group", { name: new RegExp(`^“.?${escaped}.?” Field$`) }).first();
  if ((await group.count()) === 0) {
    // From the top of the form down, until the editor has drawn it.
    await page.mouse.move(300, 500);
    await page.mouse.wheel(0, -100_000);
    for (let i = 0; i < 60 && (await group.count()) === 0; i++) await page.mouse.wheel(0, 300);
  }
  await group.scrollIntoViewIfNeeded();
  return group;
}

/** Adds items to a list field, one text each. */
async function addItems(label: string, texts: string[]): Promise<void> {
  for (const text of texts) {
    const list = await field(label);
    await list.getByRole("button", { name: new RegExp(`^Add .?${label}`) }).click();
    await list.getByRole("textbox").last().fill(text);
  }
}

/**
 * Opens one of the editor's screens by its address (`collections/jobs/new`, …), afresh:
 * a test that failed half-way leaves no dialog or unsaved entry for the next.
 */
async function openScreen(path: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${site?.origin}/admin/#/${path}`);
}

/** Waits for a text to show in a part of the editor (an error message under a field). */
async function expectText(part: Locator, text: string): Promise<void> {
  await expect.poll(() => part.innerText(), { timeout: 10_000 }).toContain(text);
}

/** Saves the entry and waits for its commit; returns the commit's message. */
async function saveAndWaitForCommit(): Promise<string> {
  const before = host.commits.length;
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => host.commits.length, { timeout: 30_000 }).toBe(before + 1);
  return host.commits.at(-1)?.message ?? "";
}

beforeAll(async () => {
  project = copyProject("content");
  client = join(project, "build", "client");
  photoDir = await tempDir("editor-photo");
  const photos = {
    "public/images/testimonials/first.jpg": await makePhoto({ width: 640, height: 640, format: "jpeg", seed: 21 }),
    "public/images/testimonials/second.png": await makePhoto({ width: 480, height: 480, format: "png", seed: 22 }),
    "public/images/gallery/gallery.jpg": await makePhoto({ width: 2000, height: 1333, format: "jpeg", seed: 23 }),
    "public/images/case-studies/study.jpg": await makePhoto({ width: 1600, height: 900, format: "jpeg", seed: 24 }),
  };
  mkdirSync(join(project, "public/images/testimonials"));
  for (const [file, bytes] of Object.entries(photos)) {
    writeFileSync(join(project, file), bytes);
    originalBytes[file.replace(/^public/, "")] = bytes.length;
  }
  for (const { testimonial, src } of PORTRAITS)
    setInCopy(testimonial.file, ["portrait"], { src, alt: testimonial.value.name });
  setInCopy(GALLERY_PICTURE.file, ["image", "src"], "/images/gallery/gallery.jpg");
  setInCopy(STUDY.file, ["image", "src"], "/images/case-studies/study.jpg");
  git("init", "--quiet", "--initial-branch=main");
  // node_modules is a link to this checkout's: never part of the repository.
  appendFileSync(join(project, ".git/info/exclude"), "/node_modules\n");
  git("add", "--all");
  git("-c", "user.name=Developer", "-c", "user.email=dev@example.com", "commit", "--quiet", "-m", "The site");
  host = await startGitHost({ repoDir: project, repo: REPO, token: TOKEN });
  await buildAndServe();
  browser = await chromium.launch(chromiumLaunchOptions);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Leaving an entry with unsaved changes asks first; a test that moves on leaves it.
  page.on("dialog", (dialog) => void dialog.accept());
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await host?.close();
  if (project) await removeDir(project);
  if (photoDir) await removeDir(photoDir);
});

// What the editor showed when a step failed, to see why (test-results/ is not kept in git).
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    await page
      ?.screenshot({ path: join(ROOT, "test-results", `editor-${task.name.slice(0, 40)}.png`) })
      .catch(() => {});
  }
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
    expect(first.img.src).toMatch(/^\/assets\/photos\/study-1280-\w+\.jpg$/);
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
    const [first, second] = found;
    expect(srcset(first?.sources[0]?.srcset).widths).toEqual(PORTRAITS[0]?.widths);
    expect(srcset(second?.sources[1]?.srcset).widths).toEqual(PORTRAITS[1]?.widths);
    expect(first?.img.alt).toBe(PORTRAITS[0]?.testimonial.value.name);
  });

  it("the gallery picture keeps its size and loads lazily below the fold", () => {
    const page = html("/careers/life-blueberry");
    const [photo, ...others] = pictures(page);
    expect(others).toEqual([]);
    expect(photo?.img).toMatchObject({ width: "2000", height: "1333", loading: "lazy" });
    expect(photo?.sources[0]?.sizes).toBe(IMAGE_SIZES.gallery);
    expect(srcset(photo?.sources[0]?.srcset).widths).toEqual([320, 480, 640, 960, 1280, 1920]);
    // Without JavaScript the thumbnail's link opens the fallback file, not the 2000-px original.
    expect(page).toMatch(/<a href="\/assets\/photos\/gallery-1280-\w+\.jpg" class="image-grid__link"/);
  });

  it("every file the pages name exists, and each AVIF and WebP is far smaller than its original", () => {
    const pages = [CASE_STUDY, "/careers/testimonials", "/careers/life-blueberry"].map(html).join("\n");
    const urls = [...new Set(pages.match(/\/assets\/photos\/[\w-]+\.(?:avif|webp|jpg|png)/g))];
    expect(urls.length).toBeGreaterThanOrEqual(4 * 2 * 2);
    for (const url of urls) expect(existsSync(join(client, url)), url).toBe(true);
    const sourceOf: Record<string, string> = {
      study: "/images/case-studies/study.jpg",
      gallery: "/images/gallery/gallery.jpg",
      first: "/images/testimonials/first.jpg",
      second: "/images/testimonials/second.png",
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
  it("fetches the AVIF file that fits, allowed by the CSP, immutable, with no layout shift", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
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
      await page.goto(`${site?.origin}${CASE_STUDY}`, { waitUntil: "load" });
      const image = page.locator("picture img");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
        .toBeTruthy();
      const currentSrc = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      // 1280-px window, DPR 1: the column is 72rem - 24rem = 768 px, so the 960-px file.
      expect(currentSrc).toMatch(/\/assets\/photos\/study-960-\w+\.avif$/);
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
      await context.close();
    }
  }, 60_000);
});

describe("the browser editor, against a stand-in of GitHub's API", () => {
  it("signs an editor in with an access token and lists every collection with its number of files", async () => {
    await page.goto(`${site?.origin}/admin/`);
    await page.getByRole("button", { name: "Sign In Using Access Token" }).click();
    await page.getByRole("textbox").fill(TOKEN);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const collections = page.getByRole("tree", { name: "Collection List" });
    const files = (folder: string) => git("ls-files", `app/content/${folder}`).trim().split("\n").length;
    for (const [label, folder] of [
      ["Openings", "jobs"],
      ["Case studies", "case-studies"],
      ["Services", "services"],
      ["Testimonials", "testimonials"],
      ["Press and media", "press"],
      ["Life at Blueberry gallery", "gallery"],
      ["Partner marks", "partners"],
    ] as const) {
      await expect
        .poll(() => collections.getByRole("treeitem", { name: new RegExp(`^${label}`) }).innerText(), {
          timeout: 30_000,
        })
        .toMatch(new RegExp(`${label}\\s+${files(folder)}$`));
    }
  }, 90_000);

  it("refuses an opening with no title, too long a team name and years outside 0–40, and commits nothing", async () => {
    await openScreen("collections/jobs/new");
    await (await field("Team")).getByRole("textbox").fill("A team name far too long for its card");
    await (await field("Min")).getByRole("spinbutton").fill("-1");
    await (await field("Max")).getByRole("spinbutton").fill("45");
    const commits = host.commits.length;
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectText(await field("Title"), "This field is required.");
    await expectText(await field("Team"), "You cannot enter more than 24 characters.");
    await expectText(await field("Min"), "The value must be greater than or equal to 0.");
    await expectText(await field("Max"), "The value must be less than or equal to 40.");
    await expectText(await field("Key skills"), "This field is required.");
    expect(host.commits.length).toBe(commits);
  }, 90_000);

  it("adds an opening with every required field: its file holds exactly what was typed", async () => {
    await openScreen("collections/jobs/new");
    await (await field("Title")).getByRole("textbox").fill("Mixed-Signal Verification Engineer");
    await (await field("Category")).getByRole("radio", { name: "VLSI" }).check();
    await (await field("Team")).getByRole("textbox").fill("Verification");
    await addItems("Key skills", ["UVM & SystemVerilog", "Real-number models"]);
    await (await field("Min")).getByRole("spinbutton").fill("2");
    await (await field("Max")).getByRole("spinbutton").fill("8");
    await (await field("Education profile")).getByRole("combobox").click();
    await page.getByRole("option", { name: "electronics-vlsi", exact: true }).click();
    await addItems("Areas of expertise", ["Mixed-signal verification with real-number models of the analog blocks"]);
    await addItems("Description", [
      "Mixed-Signal Verification Engineers prove that our customers' analog and digital blocks work together.",
    ]);
    await addItems("Responsibilities", [
      "Write real-number models and the testbenches that check them against the schematics",
    ]);
    await (await field("Employment type")).getByRole("radio", { name: "Full time" }).check();
    await (await field("Date posted")).getByRole("textbox").fill(TEST_BUILD_DATE);
    await (await field("Valid through")).getByRole("textbox").fill("2027-06-30");
    const meta = "Mixed-Signal Verification Engineer (2–8 years) in Bengaluru: UVM testbenches and real-number models.";
    await (await field("Meta description")).getByRole("textbox").fill(meta);

    expect(await saveAndWaitForCommit()).toBe("Create Opening “mixed-signal-verification-engineer”");
    // An optional field left empty (the location) is left out, as the content's schema wants.
    expect(onBranch(OPENING)).toEqual({
      title: "Mixed-Signal Verification Engineer",
      category: "vlsi",
      team: "Verification",
      keySkills: ["UVM & SystemVerilog", "Real-number models"],
      experienceYears: { min: 2, max: 8 },
      educationProfile: "electronics-vlsi",
      areasOfExpertise: ["Mixed-signal verification with real-number models of the analog blocks"],
      description: [
        "Mixed-Signal Verification Engineers prove that our customers' analog and digital blocks work together.",
      ],
      responsibilities: ["Write real-number models and the testbenches that check them against the schematics"],
      employmentType: "FULL_TIME",
      datePosted: TEST_BUILD_DATE,
      validThrough: "2027-06-30",
      closed: false,
      metaDescription: meta,
    });
  }, 120_000);

  it("puts the new opening first in the site's order, and moves another up a place by keyboard", async () => {
    const before = (onBranch("app/content/order.yaml") as { openings: string[] }).openings;
    await openScreen("collections/pages/entries/order");
    const openings = await field("Openings");
    await openings.getByRole("button", { name: "List Item Options" }).first().click();
    await page.getByRole("menuitem", { name: "Add Item Above" }).click();
    await openings.getByRole("combobox", { name: "Opening" }).first().click();
    await page.getByRole("option", { name: "Mixed-Signal Verification Engineer" }).click();
    await expect
      .poll(() => openings.getByRole("combobox", { name: "Opening" }).first().innerText())
      .toBe("Mixed-Signal Verification Engineer");
    // The third opening of the list as it was (the fourth item now) goes up one place.
    await openings.getByRole("button", { name: "Reorder Item" }).nth(3).focus();
    await page.keyboard.press("ArrowUp");
    expect(await saveAndWaitForCommit()).toMatch(/^Update /);
    const [first, second, third, ...rest] = before;
    expect((onBranch("app/content/order.yaml") as { openings: string[] }).openings).toEqual([
      "mixed-signal-verification-engineer",
      first,
      third,
      second,
      ...rest,
    ]);
  }, 120_000);

  it("adds a case study with a photograph uploaded from the computer, and its alt text", async () => {
    const photo = join(photoDir, "Motor Controller Bench.jpg");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(photo, await makePhoto({ width: 1600, height: 900, format: "jpeg", seed: 41 }));
    const alt = "An engineer probing the motor controller board on the lab bench";

    await openScreen("collections/caseStudies/new");
    await (await field("Title")).getByRole("textbox").fill("Motor Controller Board Bring-up");
    await (
      await field("Summary")
    )
      .getByRole("textbox")
      .fill("We brought up a motor-control board for an industrial customer.");
    await (
      await field("Result")
    )
      .getByRole("textbox")
      .fill("The customer's firmware ran on the new board in three weeks");
    await (await field("Service")).getByRole("combobox").click();
    await page.getByRole("option", { name: "Embedded Software", exact: true }).click();
    await (await field("Date")).getByRole("textbox").fill("2026-11-20");
    // The thumbnail's picture is uploaded; the large image picks the same upload.
    await (await field("Thumbnail")).getByRole("button", { name: "Browse" }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("dialog").getByRole("button", { name: "Upload" }).click(),
    ]);
    await chooser.setFiles(photo);
    await page.getByRole("dialog").getByRole("button", { name: "Insert" }).click();
    // The thumbnail's library must be closed before the image's opens: an option chosen
    // while it is still fading out goes to it, and the image's library has none chosen.
    await page.getByRole("dialog", { name: "Select Image" }).waitFor({ state: "hidden" });
    await (await field("Image")).getByRole("button", { name: "Browse" }).click();
    await page
      .getByRole("dialog")
      .getByRole("option", { name: /motor-controller-bench/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Insert" }).click();
    for (const picture of ["Thumbnail", "Image"]) {
      await (await field("What the picture shows (alt text)", await field(picture))).getByRole("textbox").fill(alt);
    }
    await (await field("Name")).getByRole("textbox").fill("Motor controller bring-up");
    await (await field("Domain")).getByRole("textbox").fill("Industrial automation");
    await (await field("Technology")).getByRole("textbox").fill("ARM Cortex-M7, CAN, field-oriented control");
    await (await field("Tools")).getByRole("textbox").fill("Zephyr, J-Link, oscilloscope");
    // A case study needs four sections (the field's hint says so; the check holds it).
    for (const section of ["Project description", "Scope", "Role", "Challenges"]) {
      const part = await field(section, await field("Sections"));
      await part.getByRole("checkbox", { name: new RegExp(`^Add .?${section}`) }).check();
      const paragraphs = await field("Paragraphs", part);
      await paragraphs.getByRole("button", { name: /^Add .?Paragraphs/ }).click();
      await paragraphs.getByRole("textbox").last().fill(`${section}: what we did for the customer.`);
    }

    expect(await saveAndWaitForCommit()).toMatch(/^Create Case study “motor-controller-board-bring-up”/);
    const study = onBranch(NEW_CASE_STUDY);
    expect(study).toMatchObject({
      title: "Motor Controller Board Bring-up",
      service: "embedded-software",
      thumbnail: { src: "/images/uploads/motor-controller-bench.jpg", alt },
      image: { src: "/images/uploads/motor-controller-bench.jpg", alt },
    });
    expect(Object.keys(study.sections as object)).toEqual(["projectDescription", "scope", "role", "challenges"]);
    // The photograph itself, byte for byte, in the same commit.
    expect(execFileSync("git", ["show", `main:${PHOTO}`], { cwd: project, maxBuffer: 1 << 26 })).toEqual(
      readFileSync(photo),
    );
  }, 120_000);

  it("after the next build: the openings are listed in the new order, the new one with its page, JobPosting data and sitemap entry", async () => {
    await buildAndServe();
    const titles = (path: string) =>
      [...html(path).matchAll(/<h2 class="job-card__title">([^<]+)/g)].map(([, title]) => title);
    // The VLSI list (also on /careers/jobs) in the order the editor left: the new opening first,
    // then the others order.yaml names, then any it does not, by name; only those open today.
    const order = (onBranch("app/content/order.yaml") as { openings: string[] }).openings;
    const files = git("ls-files", "app/content/jobs")
      .trim()
      .split("\n")
      .map((file) => file.replace(/^app\/content\/jobs\/(.*)\.yaml$/, "$1"));
    const place = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
    const vlsi = files
      .sort((a, b) => place(a) - place(b) || a.localeCompare(b))
      .map((name) => onBranch(`app/content/jobs/${name}.yaml`))
      .filter(
        (job) =>
          job.category === "vlsi" &&
          isOpen(job as { closed?: boolean; validThrough: string }, readBuildDate(process.env)),
      )
      .map((job) => job.title);
    expect(vlsi[0]).toBe("Mixed-Signal Verification Engineer");
    expect(titles("/careers/jobs")).toEqual(vlsi);
    expect(titles("/careers/jobs/vlsi")).toEqual(vlsi);
    const posting = [...html(OPENING_PAGE).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map(([, json]) => JSON.parse(json ?? "null") as Record<string, unknown>)
      .find((data) => data["@type"] === "JobPosting");
    expect(posting).toMatchObject({
      title: "Mixed-Signal Verification Engineer",
      datePosted: TEST_BUILD_DATE,
      validThrough: expect.stringMatching(/^2027-06-30/),
      employmentType: "FULL_TIME",
    });
    expect(readFileSync(built("sitemap.xml"), "utf8")).toContain(`${OPENING_PAGE}</loc>`);
    expect((await fetch(`${site?.origin}${OPENING_PAGE}`)).status).toBe(200);
  }, 240_000);

  it("after the next build: the uploaded photograph is served as AVIF and WebP at its widths, with its size", async () => {
    const study = html(NEW_CASE_STUDY_PAGE);
    const picture = /<picture>([\s\S]*?)<\/picture>/.exec(study)?.[1] ?? "";
    expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]*motor-controller-bench-320-\w+\.avif 320w/);
    expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*motor-controller-bench-1600-\w+\.webp 1600w/);
    expect(picture).toMatch(/<img [^>]*width="1600" height="900"/);
    expect(picture).toContain('alt="An engineer probing the motor controller board on the lab bench"');
    const avif = /\/assets\/photos\/motor-controller-bench-640-\w+\.avif/.exec(picture)?.[0] ?? "missing";
    const response = await fetch(`${site?.origin}${avif}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
  });

  it("closes the opening in the editor; after the next build it is on no list, page or sitemap, and answers 404", async () => {
    await openScreen("collections/jobs/entries/mixed-signal-verification-engineer");
    await (await field("Closed")).getByRole("switch").check();
    expect(await saveAndWaitForCommit()).toBe("Update Opening “mixed-signal-verification-engineer”");
    expect(onBranch(OPENING).closed).toBe(true);

    await buildAndServe();
    expect(html("/careers/jobs")).not.toContain("Mixed-Signal Verification Engineer");
    expect(html("/careers/jobs/vlsi")).not.toContain("Mixed-Signal Verification Engineer");
    expect(existsSync(built(join(OPENING_PAGE, "index.html")))).toBe(false);
    expect(readFileSync(built("sitemap.xml"), "utf8")).not.toContain("mixed-signal-verification-engineer");
    expect((await fetch(`${site?.origin}${OPENING_PAGE}`)).status).toBe(404);
  }, 240_000);

  it("asked the stand-in nothing it could not answer (a new release of the editor asking for more shows here)", () => {
    expect(host.unanswered).toEqual([]);
  });
});
