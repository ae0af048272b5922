/**
 * Reads the content modules from disk (for scripts that run outside Vite), in the same
 * shape the site's catalog builds with import.meta.glob.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Content, loadContent, type RawContent, type RawModules } from "../app/content/load.ts";

const LAYOUT: Record<keyof RawContent, string> = {
  caseStudies: "case-studies/",
  jobs: "jobs/",
  services: "services/",
  testimonials: "testimonials.ts",
  partners: "partners.ts",
  gallery: "gallery.ts",
  press: "press.ts",
  metrics: "metrics.ts",
  home: "pages/home.ts",
  about: "pages/about.ts",
  life: "pages/life.ts",
  privacy: "pages/privacy.ts",
};

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
  for (const [key, entry] of Object.entries(LAYOUT) as [keyof RawContent, string][]) {
    raw[key] = await importModules(contentDir, entry);
  }
  return loadContent(raw, publicDir);
}
