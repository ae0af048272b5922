/**
 * `npm run check:launch`: reports how much content the site shows (the company's current
 * site has 17 case studies, 6 services, 18 testimonials, 7 openings, 18 partners, 16
 * gallery and 9 press pictures), and fails while any invented sample content remains
 * (items marked `sample: true`), listing each one, so the site cannot go live with
 * made-up people.
 */
import { resolve } from "node:path";
import { sampleItems } from "../../app/content/load.ts";
import { readContent } from "./content-files.ts";

const content = await readContent(resolve("app/content"), resolve("public"));
console.log(
  `Content: ${content.caseStudies.length} case studies, ${content.services.length} services, ` +
    `${content.testimonials.length} testimonials, ${content.jobs.length} openings, ` +
    `${content.partners.length} partners, ${content.gallery.length} gallery and ${content.press.length} press pictures.`,
);
const samples = sampleItems(content);
if (samples.length === 0) {
  console.log("Ready for launch: no sample content remains.");
} else {
  console.error(`Not ready for launch: ${samples.length} sample items must be replaced with real ones:`);
  for (const item of samples) console.error(`  - ${item}`);
  process.exit(1);
}
