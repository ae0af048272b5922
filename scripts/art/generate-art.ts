/**
 * Generates every image on the site into public/: case-study art, service and gallery
 * illustrations, press pictures, partner wordmarks, hero and banner backgrounds, the
 * logo, favicon and app icons. The company has no photographs, so all of it is original
 * SVG art drawn here (PNG icons are rendered from the SVG mark with sharp).
 * Deterministic: random choices come from generators seeded with each file's name, so
 * running it again writes byte-identical files. Run with `npm run art`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { backgroundFiles } from "./backgrounds.ts";
import { brandFiles } from "./brand.ts";
import { caseStudyFiles } from "./case-studies.ts";
import { galleryFiles } from "./gallery.ts";
import { pageFiles } from "./pages-art.ts";
import { partnerFiles } from "./partners.ts";
import { pressFiles } from "./press.ts";
import { serviceFiles } from "./services.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public");

async function main() {
  const files: Record<string, string | Buffer> = {
    ...(await brandFiles()),
    ...caseStudyFiles(),
    ...serviceFiles(),
    ...pageFiles(),
    ...galleryFiles(),
    ...pressFiles(),
    ...(await partnerFiles()),
    ...backgroundFiles(),
  };
  let total = 0;
  let largest = ["", 0] as [string, number];
  for (const [rel, data] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = join(root, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, data);
    const size = Buffer.byteLength(data);
    total += size;
    if (size > largest[1]) largest = [rel, size];
  }
  const count = Object.keys(files).length;
  console.log(
    `generate-art: wrote ${count} files, ${(total / 1024).toFixed(1)} KB in public/ (largest: ${largest[0]}, ${(largest[1] / 1024).toFixed(1)} KB)`,
  );
}

await main();
