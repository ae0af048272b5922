/**
 * `npm run check:launch`: fails while any invented sample content remains (items marked
 * `sample: true`), listing each one, so the site cannot go live with made-up people.
 */
import { resolve } from "node:path";
import { sampleItems } from "../app/content/load.ts";
import { readContent } from "./content-files.ts";

const content = await readContent(resolve("app/content"), resolve("public"));
const samples = sampleItems(content);
if (samples.length === 0) {
  console.log("Ready for launch: no sample content remains.");
} else {
  console.error(`Not ready for launch: ${samples.length} sample items must be replaced with real ones:`);
  for (const item of samples) console.error(`  - ${item}`);
  process.exit(1);
}
