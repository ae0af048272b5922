/**
 * `npm run check:content` (first step of `npm run build`): validates every content file
 * and fails with a message naming the file and field that is wrong. Warns of the sample
 * content that must be replaced before launch, and of names in order.yaml without a file.
 *
 * Options: --content <dir> (default app/content), --public <dir> (default public).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ContentError, sampleItems, staleOrderNames } from "../../app/content/load.ts";
import { contentFrom, readRawContent } from "./content-files.ts";

const { values } = parseArgs({
  options: { content: { type: "string", default: "app/content" }, public: { type: "string", default: "public" } },
});

try {
  const raw = readRawContent(resolve(values.content));
  const content = await contentFrom(raw, resolve(values.public));
  const samples = sampleItems(content);
  const stale = staleOrderNames(raw);
  console.log(
    `Content OK: ${content.caseStudies.length} case studies, ${content.jobs.length} jobs${content.closedJobs > 0 ? ` (and ${content.closedJobs} closed)` : ""}, ${content.services.length} services, ${content.testimonials.length} testimonials.`,
  );
  if (samples.length > 0) {
    console.warn(
      `Warning: ${samples.length} sample items must be replaced before launch (npm run check:launch lists them).`,
    );
  }
  if (stale.length > 0) {
    console.warn(
      `Warning: order.yaml names items that have no file (deleted or renamed?); they are passed over: ${stale.join(", ")}`,
    );
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
