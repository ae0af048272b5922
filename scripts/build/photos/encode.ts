/**
 * Encodes one photograph (a JPEG or PNG) into the files a page offers for it: AVIF and WebP
 * at several widths, never wider than the original, and one fallback JPEG (a PNG when the
 * photograph has transparency) for browsers that take neither (decision 0020).
 *
 * Each source is encoded once: the files are kept in a cache folder under a key made of the
 * source's bytes and these settings, so a rebuild, the other half of `react-router build`
 * and `npm run check:content` read them back instead of encoding again.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

/** The widths offered, in CSS pixels of the file: a 375-px phone at 2× takes 640–960, a laptop 1280. */
export const WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
/** Smaller than this on either side is an icon, not a photograph. */
export const MIN_SIDE = 64;
/** The fallback's width at most: it is for old browsers, which are on small screens or rare. */
const FALLBACK_WIDTH = 1280;

const SETTINGS = {
  // sharp's defaults for effort: lower efforts cost far more bytes at large widths.
  avif: { quality: 50, effort: 4 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
} as const;

/** Bump when the encoding changes in a way the settings above do not show. */
const PIPELINE_VERSION = 1;

export type Format = "avif" | "webp" | "jpeg" | "png";

export interface EncodedFile {
  format: Format;
  width: number;
  height: number;
  bytes: number;
  /** The first characters of the file's SHA-256 (base64url): its name in the build. */
  hash: string;
  /** Where the cache keeps it. */
  path: string;
}

export interface EncodedPhoto {
  /** The original's size, upright (EXIF orientation applied). */
  width: number;
  height: number;
  sourceBytes: number;
  avif: EncodedFile[];
  webp: EncodedFile[];
  fallback: EncodedFile;
  /** False when the files came from the cache. */
  encoded: boolean;
}

/** A photograph that cannot be used; the message completes "file public/images/x.jpg …". */
export class PhotoError extends Error {
  override name = "PhotoError";
}

/**
 * The widths to offer for an original this wide: every step narrower than it, and the
 * original's own width when it is narrower than the largest step. A step within 10% of
 * the original is left out: it would cost a file and save almost nothing.
 */
export function variantWidths(originalWidth: number): number[] {
  const largest = WIDTHS[WIDTHS.length - 1] as number;
  if (originalWidth > largest) return [...WIDTHS];
  return [...WIDTHS.filter((w) => w * 1.1 < originalWidth), originalWidth];
}

const SOURCE_FORMATS: Record<string, string> = { jpg: "jpeg", jpeg: "jpeg", png: "png" };

function settingsKey(): string {
  return JSON.stringify({ PIPELINE_VERSION, WIDTHS, MIN_SIDE, FALLBACK_WIDTH, SETTINGS, sharp: sharp.versions });
}

/** The cache folder's key for this source: its bytes and everything that shapes the output. */
function cacheKey(source: Buffer): string {
  return createHash("sha256").update(settingsKey()).update(source).digest("hex").slice(0, 32);
}

function contentHash(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("base64url").replace(/[-_]/g, "").slice(0, 10);
}

interface Decoded {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  opaque: boolean;
}

/** Decodes the whole file once (so a damaged one fails here, named) and turns it upright. */
async function decode(source: Buffer, extension: string): Promise<Decoded> {
  let format: string | undefined;
  try {
    format = (await sharp(source).metadata()).format;
  } catch (error) {
    throw new PhotoError(`cannot be read as an image (${(error as Error).message})`);
  }
  const expected = SOURCE_FORMATS[extension.toLowerCase()];
  if (format !== expected) {
    throw new PhotoError(
      `is ${format ? `a ${format.toUpperCase()} file` : "not an image"}, not the ${expected?.toUpperCase()} its name says`,
    );
  }
  try {
    // failOn "warning": a truncated JPEG decodes to grey without it.
    const { data, info } = await sharp(source, { failOn: "warning" })
      .rotate()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    // sRGB gives three channels, or four with transparency, whatever the source's layout.
    const channels = info.channels === 4 ? 4 : 3;
    const opaque = channels === 3 || (await sharp(data, { raw: { ...info, channels } }).stats()).isOpaque;
    return { pixels: data, width: info.width, height: info.height, channels, opaque };
  } catch (error) {
    throw new PhotoError(`is damaged or truncated (${(error as Error).message})`);
  }
}

async function encodeOne(decoded: Decoded, format: Format, width: number, dir: string): Promise<EncodedFile> {
  const height = Math.max(1, Math.round((decoded.height * width) / decoded.width));
  const image = sharp(decoded.pixels, {
    raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
  }).resize(width, height);
  const pipeline =
    format === "avif"
      ? image.avif(SETTINGS.avif)
      : format === "webp"
        ? image.webp(SETTINGS.webp)
        : format === "jpeg"
          ? image.flatten({ background: "#ffffff" }).jpeg(SETTINGS.jpeg)
          : image.png(SETTINGS.png);
  const bytes = await pipeline.toBuffer();
  const name = `${format}-${width}.${format === "jpeg" ? "jpg" : format}`;
  writeFileSync(join(dir, name), bytes);
  return { format, width, height, bytes: bytes.length, hash: contentHash(bytes), path: name };
}

/** What the cache keeps of an encoding: all of it but whether it came from the cache. */
type CacheRecord = Omit<EncodedPhoto, "encoded">;

function withDir(record: CacheRecord, dir: string, encoded: boolean): EncodedPhoto {
  const at = (file: EncodedFile) => ({ ...file, path: join(dir, file.path) });
  return {
    ...record,
    avif: record.avif.map(at),
    webp: record.webp.map(at),
    fallback: at(record.fallback),
    encoded,
  };
}

function readCached(dir: string): CacheRecord | null {
  try {
    const record = JSON.parse(readFileSync(join(dir, "photo.json"), "utf8")) as CacheRecord;
    const files = [...record.avif, ...record.webp, record.fallback];
    return files.every((file) => existsSync(join(dir, file.path))) ? record : null;
  } catch {
    return null;
  }
}

/**
 * The encoded files of the photograph at `file` (its name ends .jpg, .jpeg or .png), from
 * `cacheDir` when it holds them. Throws PhotoError when the file is missing, not the type
 * its name says, damaged, or smaller than MIN_SIDE on a side.
 */
export async function encodePhoto(file: string, cacheDir: string): Promise<EncodedPhoto> {
  let source: Buffer;
  try {
    source = readFileSync(file);
  } catch {
    throw new PhotoError("does not exist");
  }
  const dir = join(cacheDir, cacheKey(source));
  const cached = readCached(dir);
  if (cached) return withDir(cached, dir, false);

  const decoded = await decode(source, file.replace(/^.*\./, ""));
  if (decoded.width < MIN_SIDE || decoded.height < MIN_SIDE) {
    throw new PhotoError(
      `is ${decoded.width}×${decoded.height} px; a photograph needs at least ${MIN_SIDE} px on each side`,
    );
  }
  // Written beside the final folder and renamed into place, so that two builds encoding the
  // same photograph at once never read a half-written folder.
  const work = `${dir}.${process.pid}-${randomUUID()}`;
  mkdirSync(work, { recursive: true });
  try {
    const widths = variantWidths(decoded.width);
    const avif: EncodedFile[] = [];
    const webp: EncodedFile[] = [];
    for (const width of widths) {
      avif.push(await encodeOne(decoded, "avif", width, work));
      webp.push(await encodeOne(decoded, "webp", width, work));
    }
    const fallbackWidth = Math.min(decoded.width, FALLBACK_WIDTH);
    const fallback = await encodeOne(decoded, decoded.opaque ? "jpeg" : "png", fallbackWidth, work);
    const record: CacheRecord = {
      width: decoded.width,
      height: decoded.height,
      sourceBytes: source.length,
      avif,
      webp,
      fallback,
    };
    writeFileSync(join(work, "photo.json"), `${JSON.stringify(record, null, 2)}\n`);
    let stored = record;
    try {
      renameSync(work, dir);
    } catch {
      // Another build finished the same photograph first: its files are the same.
      const theirs = readCached(dir);
      if (!theirs) throw new Error(`photos: could not store ${file} in the cache ${dir}`);
      stored = theirs;
    }
    return withDir(stored, dir, true);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
