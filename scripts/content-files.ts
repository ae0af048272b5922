/**
 * Reads the content modules from disk (for scripts that run outside Vite), in the same
 * shape the site's catalog builds with import.meta.glob.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CONTENT_LAYOUT, type Content, loadContent, type RawContent, type RawModules } from "../app/content/load.ts";

async function importModules(contentDir: string, entry: string): Promise<RawModules> {
  const files = entry.endsWith("/")
    ? readdirSync(join(contentDir, entry))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => entry + f)
    : existsSync(join(contentDir, entry))
      ? [entry]
      : [];
  const modules: RawModules = {};
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(contentDir, file)).href)) as { default: unknown };
    modules[file] = mod.default;
  }
  return modules;
}

export async function readContent(contentDir: string, publicDir: string): Promise<Content> {
  const raw = {} as RawContent;
  for (const [key, entry] of Object.entries(CONTENT_LAYOUT) as [keyof RawContent, string][]) {
    raw[key] = await importModules(contentDir, entry);
  }
  return loadContent(raw, publicDir);
}
