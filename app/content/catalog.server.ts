/**
 * The site's content, validated once when the server build loads. Route loaders read
 * from here, so content reaches the browser as loader data, never in the JS bundle.
 */
import { join } from "node:path";
import photos from "virtual:blueberry-photos";
import { byPart, loadContent } from "./load.ts";
import { parseYamlFiles } from "./yaml-files.ts";

// Vite needs the patterns written out: the folders and files of CONTENT_LAYOUT (load.ts).
// `npm run check:content`, the build's first step, refuses a file the layout does not name.
const texts = import.meta.glob<string>(
  [
    "./{case-studies,jobs,services,testimonials,partners,gallery,press,pages}/*.yaml",
    "./{education,metrics,order}.yaml",
  ],
  { eager: true, query: "?raw", import: "default" },
);

export const content = loadContent(
  byPart(
    parseYamlFiles(Object.fromEntries(Object.entries(texts).map(([path, text]) => [path.replace(/^\.\//, ""), text]))),
  ),
  join(process.cwd(), "public"),
  {
    // The build's today, fixed by vite.config.ts: what is open is what was built.
    today: import.meta.env.BLUEBERRY_BUILD_DATE,
    // The photographs the content names, encoded at build time (scripts/build/vite-photos.ts).
    photos,
  },
);
