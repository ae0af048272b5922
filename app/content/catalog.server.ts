/**
 * The site's content, validated once when the server build loads. Route loaders read
 * from here, so content reaches the browser as loader data, never in the JS bundle.
 */
import { join } from "node:path";
import photos from "virtual:blueberry-photos";
import { byPart, loadContent } from "./load.ts";

// Vite needs the patterns written out: the folders and files of CONTENT_LAYOUT (load.ts),
// which refuses a file found here that the layout does not name.
const modules = import.meta.glob<{ default: unknown }>(
  ["./{case-studies,jobs,services,pages}/*.ts", "./{education,testimonials,partners,gallery,press,metrics}.ts"],
  { eager: true },
);

export const content = loadContent(
  byPart(Object.fromEntries(Object.entries(modules).map(([path, m]) => [path.replace(/^\.\//, ""), m.default]))),
  join(process.cwd(), "public"),
  // The photographs the content names, encoded at build time (scripts/build/vite-photos.ts).
  photos,
);
