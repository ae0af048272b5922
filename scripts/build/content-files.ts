/**
 * Reads the content files from disk (for scripts that run outside Vite), in the same
 * shape the site's catalog builds with import.meta.glob, with the photographs they name
 * encoded as the build encodes them (scripts/build/photos/).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { byPart, CONTENT_LAYOUT, type Content, loadContent, type RawContent } from "../../app/content/load.ts";
import { parseYamlFiles } from "../../app/content/yaml-files.ts";
import { readBuildDate } from "../../common/build-date.ts";
import { buildPhotos, photoCacheDir, photoSrcs } from "./photos/catalog.ts";

/** The files of one entry of CONTENT_LAYOUT (a folder's files, or the one file), with their text. */
function readTexts(contentDir: string, entry: string): Record<string, string> {
  const files = entry.endsWith("/")
    ? readdirSync(join(contentDir, entry), { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => entry + f.name)
    : existsSync(join(contentDir, entry))
      ? [entry]
      : [];
  return Object.fromEntries(files.map((file) => [file, readFileSync(join(contentDir, file), "utf8")]));
}

/** The content files' values, unvalidated, by part. Any file in a content folder is read, so a stray one is named. */
export function readRawContent(contentDir: string): RawContent {
  const texts: Record<string, string> = {};
  for (const entry of Object.values(CONTENT_LAYOUT)) Object.assign(texts, readTexts(contentDir, entry));
  return byPart(parseYamlFiles(texts));
}

/** The validated content, from values read by readRawContent, as a build made now would load it. */
export async function contentFrom(raw: RawContent, publicDir: string): Promise<Content> {
  // Scripts run from the project folder (npm run), which holds the cache.
  const photos = await buildPhotos(photoSrcs(raw), publicDir, photoCacheDir(process.cwd()));
  return loadContent(raw, publicDir, { today: readBuildDate(process.env), photos: photos.index });
}

/** The validated content of the files under contentDir, as they are on disk now. */
export async function readContent(contentDir: string, publicDir: string): Promise<Content> {
  return contentFrom(readRawContent(contentDir), publicDir);
}
