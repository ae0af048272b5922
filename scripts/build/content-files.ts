/**
 * Reads the content modules from disk (for scripts that run outside Vite), in the same
 * shape the site's catalog builds with import.meta.glob, with the photographs they name
 * encoded as the build encodes them (scripts/build/photos/).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CONTENT_LAYOUT, type Content, loadContent, type RawContent, type RawModules } from "../../app/content/load.ts";
import { buildPhotos, photoCacheDir, photoSrcs } from "./photos/catalog.ts";

/** Counts fresh reads, so each one asks for a URL not seen before. */
let reads = 0;

async function importModules(contentDir: string, entry: string, fresh: boolean): Promise<RawModules> {
  const files = entry.endsWith("/")
    ? readdirSync(join(contentDir, entry))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => entry + f)
    : existsSync(join(contentDir, entry))
      ? [entry]
      : [];
  const modules: RawModules = {};
  for (const file of files) {
    // A query makes the module loader read the file again (the dev server after an edit).
    // Not `?t=`: Vite, which runs the tests' imports, takes that for its own and drops it.
    const url = pathToFileURL(join(contentDir, file)).href + (fresh ? `?read=${++reads}` : "");
    const mod = (await import(url)) as { default: unknown };
    modules[file] = mod.default;
  }
  return modules;
}

/** The content files' default exports, unvalidated, by part. `fresh`: never from the module cache. */
export async function readRawContent(contentDir: string, { fresh = false } = {}): Promise<RawContent> {
  const raw = {} as RawContent;
  for (const [key, entry] of Object.entries(CONTENT_LAYOUT) as [keyof RawContent, string][]) {
    raw[key] = await importModules(contentDir, entry, fresh);
  }
  return raw;
}

/** The validated content; `fresh` reads every file again (a test that edits them between reads). */
export async function readContent(contentDir: string, publicDir: string, { fresh = false } = {}): Promise<Content> {
  const raw = await readRawContent(contentDir, { fresh });
  // Scripts run from the project folder (npm run), which holds the cache.
  const photos = await buildPhotos(photoSrcs(raw), publicDir, photoCacheDir(process.cwd()));
  return loadContent(raw, publicDir, photos.index);
}
