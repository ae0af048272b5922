/**
 * `npm run check:content` (first step of `npm run build`): validates every content file
 * and fails with a message naming the file and field that is wrong. Lists the sample
 * content that must be replaced before launch as a warning.
 *
 * Options: --content <dir> (default app/content), --public <dir> (default public).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ContentError, sampleItems } from "../../app/content/load.ts";
import { readContent } from "./content-files.ts";

const { values } = parseArgs({
  options: { content: { type: "string", default: "app/content" }, public: { type: "string", default: "public" } },
});

try {
  const content = await readContent(resolve(values.content), resolve(values.public));
  const samples = sampleItems(content);
  console.log(
    `Content OK: ${content.caseStudies.length} case studies, ${content.jobs.length} jobs, ${content.services.length} services, ${content.testimonials.length} testimonials.`,
  );
  if (samples.length > 0) {
    console.warn(
      `Warning: ${samples.length} sample items must be replaced before launch (npm run check:launch lists them).`,
    );
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
