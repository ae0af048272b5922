/**
 * The site's content, validated once when the server build loads. Route loaders read
 * from here, so content reaches the browser as loader data, never in the JS bundle.
 */
import { join } from "node:path";
import { loadContent, type RawModules } from "./load.ts";

type Modules = Record<string, { default: unknown }>;

function byFile(modules: Modules): RawModules {
  return Object.fromEntries(Object.entries(modules).map(([path, m]) => [path.replace(/^\.\//, ""), m.default]));
}

export const content = loadContent(
  {
    caseStudies: byFile(import.meta.glob("./case-studies/*.ts", { eager: true })),
    jobs: byFile(import.meta.glob("./jobs/*.ts", { eager: true })),
    services: byFile(import.meta.glob("./services/*.ts", { eager: true })),
    testimonials: byFile(import.meta.glob("./testimonials.ts", { eager: true })),
    partners: byFile(import.meta.glob("./partners.ts", { eager: true })),
    gallery: byFile(import.meta.glob("./gallery.ts", { eager: true })),
    press: byFile(import.meta.glob("./press.ts", { eager: true })),
    metrics: byFile(import.meta.glob("./metrics.ts", { eager: true })),
    home: byFile(import.meta.glob("./pages/home.ts", { eager: true })),
    about: byFile(import.meta.glob("./pages/about.ts", { eager: true })),
    life: byFile(import.meta.glob("./pages/life.ts", { eager: true })),
    privacy: byFile(import.meta.glob("./pages/privacy.ts", { eager: true })),
  },
  join(process.cwd(), "public"),
);
