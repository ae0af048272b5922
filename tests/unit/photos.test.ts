/**
 * The photo pipeline (scripts/build/photos/, decision 0020) on photographs made by the test
 * (tests/support/photos.ts): the widths and formats it writes, never wider than the
 * original, content-hashed names, one encoding per source, and every bad input refused
 * with a message that names the content file and field. Bad inputs tried: a missing file,
 * a .gif and a .bmp, random bytes named .jpg, a JPEG cut in half, a PNG named .jpg, a 40×40
 * and a 1000×50 photograph, an empty alt and no alt at all.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentError, loadContent, type RawContent } from "~/content/load";
import { readRawContent } from "../../scripts/build/content-files.ts";
import { TEST_BUILD_DATE } from "../support/build-date.ts";
import { buildPhotos, PHOTO_ASSET_DIR, photoSrcs } from "../../scripts/build/photos/catalog.ts";
import { encodePhoto, MIN_SIDE, PhotoError, variantWidths, WIDTHS } from "../../scripts/build/photos/encode.ts";
import { aTestimonial } from "../support/content-picks.ts";
import { makePhoto } from "../support/photos.ts";
import { removeDir, tempDir } from "../support/temp-dirs.ts";

let dir: string;
let publicDir: string;
let cacheDir: string;
const photo = (name: string) => join(publicDir, "images", "photos", name);

beforeAll(async () => {
  dir = await tempDir("photos-unit");
  publicDir = join(dir, "public");
  cacheDir = join(dir, "cache");
  mkdirSync(join(publicDir, "images", "photos"), { recursive: true });
  // Wider than the largest fallback (1280) but short: encoding cost grows with the pixels.
  const jpeg = await makePhoto({ width: 1400, height: 350, format: "jpeg", seed: 11 });
  writeFileSync(photo("lab.jpg"), jpeg);
  writeFileSync(photo("opaque.png"), await makePhoto({ width: 600, height: 400, format: "png", seed: 12 }));
  writeFileSync(
    photo("logo.png"),
    await makePhoto({ width: 480, height: 192, format: "png", seed: 13, transparent: true }),
  );
  // A camera held upright: 360×240 pixels stored with EXIF orientation 6 (turn 90° clockwise).
  writeFileSync(
    photo("upright.jpg"),
    await sharp(await makePhoto({ width: 360, height: 240, format: "jpeg", seed: 14 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
  );
  writeFileSync(photo("random.jpg"), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)));
  writeFileSync(photo("half.jpg"), jpeg.subarray(0, Math.floor(jpeg.length / 2)));
  writeFileSync(photo("png-named.jpg"), await makePhoto({ width: 300, height: 200, format: "png" }));
  writeFileSync(photo("tiny.jpg"), await makePhoto({ width: 40, height: 40, format: "jpeg" }));
  writeFileSync(photo("strip.jpg"), await makePhoto({ width: 1000, height: 50, format: "jpeg" }));
}, 60_000);

afterAll(async () => {
  await removeDir(dir);
});

describe("the widths offered", () => {
  it("are every step for a photograph wider than the largest", () => {
    expect(variantWidths(2000)).toEqual([...WIDTHS]);
    expect(WIDTHS).toEqual([320, 480, 640, 960, 1280, 1920]);
  });

  it("end at the original's own width when it is narrower, never wider", () => {
    expect(variantWidths(1920)).toEqual([320, 480, 640, 960, 1280, 1920]);
    expect(variantWidths(1600)).toEqual([320, 480, 640, 960, 1280, 1600]);
    expect(variantWidths(700)).toEqual([320, 480, 700]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(64)).toEqual([64]);
  });

  it("leave out a step within 10% of the original (a file that would save almost nothing)", () => {
    expect(variantWidths(1000)).toEqual([320, 480, 640, 1000]);
    expect(variantWidths(1400)).toEqual([320, 480, 640, 960, 1400]);
  });
});

describe("encoding a photograph", () => {
  it("writes AVIF and WebP at each width, in proportion, and a JPEG fallback no wider than 1280", async () => {
    const result = await encodePhoto(photo("lab.jpg"), cacheDir);
    expect(result).toMatchObject({ width: 1400, height: 350, encoded: true });
    for (const format of ["avif", "webp"] as const) {
      expect(result[format].map((f) => f.width)).toEqual([320, 480, 640, 960, 1400]);
      for (const file of result[format]) {
        const meta = await sharp(file.path).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        if (format === "avif") expect(meta.compression).toBe("av1");
        expect([meta.width, meta.height]).toEqual([file.width, Math.round((350 * file.width) / 1400)]);
        expect(file.bytes).toBeLessThan(result.sourceBytes / 2);
      }
    }
    expect(result.fallback).toMatchObject({ format: "jpeg", width: 1280 });
    expect((await sharp(result.fallback.path).metadata()).format).toBe("jpeg");
  }, 60_000);

  it("names each file by a hash of its bytes, and encodes a source only once", async () => {
    const first = await encodePhoto(photo("lab.jpg"), cacheDir);
    expect(first.encoded).toBe(false);
    for (const file of [...first.avif, ...first.webp, first.fallback]) {
      const digest = createHash("sha256").update(readFileSync(file.path)).digest("base64url");
      expect(digest.replace(/[-_]/g, "").startsWith(file.hash)).toBe(true);
      expect(file.hash).toMatch(/^[A-Za-z0-9]{10}$/);
    }
    // The same bytes under another name are the same source: no second encoding.
    writeFileSync(photo("lab-copy.jpg"), readFileSync(photo("lab.jpg")));
    expect((await encodePhoto(photo("lab-copy.jpg"), cacheDir)).encoded).toBe(false);
  }, 60_000);

  it("keeps transparency (PNG fallback) and turns an opaque PNG into a JPEG fallback", async () => {
    const logo = await encodePhoto(photo("logo.png"), cacheDir);
    expect(logo.fallback.format).toBe("png");
    expect((await sharp(logo.avif[0]?.path).metadata()).hasAlpha).toBe(true);
    const opaque = await encodePhoto(photo("opaque.png"), cacheDir);
    expect(opaque.fallback.format).toBe("jpeg");
    expect(opaque.avif.map((f) => f.width)).toEqual([320, 480, 600]);
  }, 60_000);

  it("turns a photograph upright by its EXIF orientation and drops its metadata", async () => {
    const upright = await encodePhoto(photo("upright.jpg"), cacheDir);
    expect([upright.width, upright.height]).toEqual([240, 360]);
    const meta = await sharp(upright.fallback.path).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([240, 360, undefined, undefined]);
  }, 60_000);

  it.each([
    ["missing.jpg", /does not exist/],
    ["random.jpg", /cannot be read as an image/],
    ["half.jpg", /is damaged or truncated/],
    ["png-named.jpg", /is a PNG file, not the JPEG its name says/],
    ["tiny.jpg", new RegExp(`is 40×40 px; a photograph needs at least ${MIN_SIDE} px on each side`)],
    ["strip.jpg", /is 1000×50 px/],
  ])("refuses %s", async (name, message) => {
    const error = await encodePhoto(photo(name), cacheDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoError);
    expect((error as Error).message).toMatch(message);
  });
});

describe("the build's photographs", () => {
  it("are the JPEG and PNG images the content names, each once", () => {
    const raw = {
      a: [{ image: { src: "/images/a.jpg", alt: "A" } }, { image: { src: "/images/a.jpg", alt: "A" } }],
      b: { logo: { src: "/images/b.PNG", alt: "B" }, art: { src: "/images/c.svg", alt: "" } },
    };
    expect(photoSrcs(raw)).toEqual(["/images/a.jpg", "/images/b.PNG"]);
  });

  it("get content-hashed names under /assets/photos/ and srcsets with their widths", async () => {
    const build = await buildPhotos(["/images/photos/lab.jpg"], publicDir, cacheDir);
    const entry = build.index["/images/photos/lab.jpg"];
    if (!entry || "error" in entry) throw new Error("lab.jpg refused");
    expect(entry.sources.avif).toMatch(
      /^\/assets\/photos\/lab-320-\w{10}\.avif 320w, (\/assets\/photos\/lab-\d+-\w{10}\.avif \d+w, ){3}\/assets\/photos\/lab-1400-\w{10}\.avif 1400w$/,
    );
    expect(entry.sources.webp.split(", ").map((s) => s.split(" ")[1])).toEqual([
      "320w",
      "480w",
      "640w",
      "960w",
      "1400w",
    ]);
    expect(entry.sources.fallback).toMatch(/^\/assets\/photos\/lab-1280-\w{10}\.jpg$/);
    expect(build.files.size).toBe(11);
    for (const name of build.files.keys()) expect(name.startsWith(`${PHOTO_ASSET_DIR}/lab-`)).toBe(true);
  }, 60_000);
});

describe("bad photographs in the content", () => {
  let raw: RawContent;
  beforeAll(async () => {
    raw = readRawContent(resolve("app/content"));
  });

  // The testimonial given each bad portrait: the first the site lists.
  const file = aTestimonial().file.replace(/^app\/content\//, "");

  /** The real content with one testimonial given this portrait; the loader's message. */
  async function errorFor(portrait: unknown): Promise<string> {
    const testimonial = { ...(raw.testimonials[file] as Record<string, unknown>), portrait };
    const changed = { ...raw, testimonials: { ...raw.testimonials, [file]: testimonial } };
    const photos = await buildPhotos(photoSrcs(changed), publicDir, cacheDir);
    try {
      loadContent(changed, resolve("public"), { today: TEST_BUILD_DATE, photos: photos.index });
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      return (error as Error).message;
    }
    throw new Error("the content loaded");
  }

  it.each([
    ["a missing file", "/images/photos/missing.jpg", "does not exist"],
    ["a GIF", "/images/photos/team.gif", "must be an .svg drawing or a .jpg, .jpeg or .png photograph"],
    ["a BMP", "/images/photos/team.bmp", "must be an .svg drawing or a .jpg, .jpeg or .png photograph"],
    ["random bytes named .jpg", "/images/photos/random.jpg", "cannot be read as an image"],
    ["a truncated JPEG", "/images/photos/half.jpg", "is damaged or truncated"],
    ["a photograph too small", "/images/photos/tiny.jpg", "is 40×40 px"],
  ])("%s: names the file and the field", async (_, src, message) => {
    const text = await errorFor({ src, alt: "A portrait at a desk" });
    expect(text).toContain(`Content error in app/content/${file}:`);
    expect(text).toContain('field "portrait.src"');
    expect(text).toContain(message);
  });

  it("a photograph without alt text: names the alt field", async () => {
    const empty = await errorFor({ src: "/images/photos/opaque.png", alt: "" });
    expect(empty).toContain('field "portrait.alt": a photograph needs alt text');
    const missing = await errorFor({ src: "/images/photos/opaque.png" });
    expect(missing).toContain('field "portrait.alt"');
  });
});
