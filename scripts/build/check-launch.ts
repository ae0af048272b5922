/**
 * `npm run check:launch`: whether the content is ready to go live. It reports how much
 * content the site shows, and fails while any invented sample content remains (items
 * marked `sample: true`) or while the content differs from the company's current site
 * (scripts/build/launch-facts.ts), naming each, so the site cannot go live with made-up
 * people or with claims the company has not made. After launch the editors' changes are
 * theirs: `npm test` does not run this.
 *
 * Options: --content <dir> (default app/content), --public <dir> (default public).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { sampleItems } from "../../app/content/load.ts";
import { readContent } from "./content-files.ts";
import { launchDifferences } from "./launch-facts.ts";

const { values } = parseArgs({
  options: { content: { type: "string", default: "app/content" }, public: { type: "string", default: "public" } },
});
const content = await readContent(resolve(values.content), resolve(values.public));
console.log(
  `Content: ${content.caseStudies.length} case studies, ${content.services.length} services, ` +
    `${content.testimonials.length} testimonials, ${content.jobs.length} openings, ` +
    `${content.partners.length} partners, ${content.gallery.length} gallery and ${content.press.length} press pictures.`,
);
const samples = sampleItems(content);
const differences = launchDifferences(content);
if (samples.length > 0) {
  console.error(`Not ready for launch: ${samples.length} sample items must be replaced with real ones:`);
  for (const item of samples) console.error(`  - ${item}`);
}
if (differences.length > 0) {
  console.error(`Not ready for launch: the content differs from the company's current site in ${differences.length}:`);
  for (const difference of differences) console.error(`  - ${difference}`);
}
if (samples.length > 0 || differences.length > 0) process.exit(1);
console.log("Ready for launch: no sample content remains, and the content agrees with the company's current site.");
