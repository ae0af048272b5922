/**
 * The photographs the content names, encoded (encode.ts) and given their addresses in the
 * client build: content-hashed names under /assets/photos/, cached for a year like every
 * other hashed asset (server/static-files.ts, deploy/). A photograph that cannot be used
 * is recorded with the reason, and the content loader reports it against the content file
 * and field that names it (app/content/load.ts), as it does for every other content error.
 */
import { join } from "node:path";
import { PHOTO_SRC, type PhotoIndex } from "../../../app/content/photo-index.ts";
import { type EncodedFile, type EncodedPhoto, encodePhoto, PhotoError } from "./encode.ts";

/** Where the built files go inside the client build. */
export const PHOTO_ASSET_DIR = "assets/photos";

/** PHOTO_CACHE_DIR, else node_modules/.cache/blueberry-photos under the project. */
export function photoCacheDir(root: string): string {
  return process.env.PHOTO_CACHE_DIR?.trim() || join(root, "node_modules", ".cache", "blueberry-photos");
}

/** Every photograph src ("/images/…jpg") named anywhere in the raw content, once each. */
export function photoSrcs(value: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(value)) for (const item of value) photoSrcs(item, found);
  else if (value && typeof value === "object") {
    const src = (value as { src?: unknown }).src;
    if (typeof src === "string" && src.startsWith("/images/") && PHOTO_SRC.test(src)) found.add(src);
    for (const item of Object.values(value)) photoSrcs(item, found);
  }
  return [...found].sort();
}

export interface PhotoBuild {
  /** What the content loader reads: size and srcsets, or the reason a photograph is refused. */
  index: PhotoIndex;
  /** Every file to publish: its path in the client build → where the cache keeps it. */
  files: Map<string, string>;
  /** Each usable photograph with its encoded files (for the benchmark and the build's line). */
  photos: Array<{ src: string; photo: EncodedPhoto }>;
}

function fileName(src: string, file: EncodedFile): string {
  const base = src.replace(/^.*\//, "").replace(/\.[^.]+$/, "");
  return `${PHOTO_ASSET_DIR}/${base}-${file.width}-${file.hash}.${file.format === "jpeg" ? "jpg" : file.format}`;
}

/** Encodes (or reads from the cache) every photograph in `srcs`, files under `publicDir`. */
export async function buildPhotos(srcs: string[], publicDir: string, cacheDir: string): Promise<PhotoBuild> {
  const build: PhotoBuild = { index: {}, files: new Map(), photos: [] };
  for (const src of srcs) {
    let photo: EncodedPhoto;
    try {
      photo = await encodePhoto(join(publicDir, src), cacheDir);
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error;
      build.index[src] = { error: `file public${src} ${error.message}` };
      continue;
    }
    const urls = new Map<EncodedFile, string>();
    for (const file of [...photo.avif, ...photo.webp, photo.fallback]) {
      const name = fileName(src, file);
      build.files.set(name, file.path);
      urls.set(file, `/${name}`);
    }
    const srcset = (files: EncodedFile[]) => files.map((file) => `${urls.get(file)} ${file.width}w`).join(", ");
    build.index[src] = {
      width: photo.width,
      height: photo.height,
      sources: { avif: srcset(photo.avif), webp: srcset(photo.webp), fallback: urls.get(photo.fallback) as string },
    };
    build.photos.push({ src, photo });
  }
  return build;
}

/** One line for the build's output: how many photographs, files and encodes. */
export function describePhotoBuild(build: PhotoBuild): string {
  const encoded = build.photos.filter((p) => p.photo.encoded).length;
  const refused = Object.values(build.index).filter((entry) => "error" in entry).length;
  return `photos: ${build.photos.length} photograph(s) → ${build.files.size} files in /${PHOTO_ASSET_DIR}/ (${encoded} encoded, ${build.photos.length - encoded} from the cache${refused ? `, ${refused} refused` : ""})`;
}
