/**
 * The content commands as the company runs them: `npm run check:content` (also the build's
 * first step) and `npm run check:launch`, each a child process with its exit status and
 * output. The rules they apply are tested in process in tests/unit/content.test.ts and
 * tests/unit/photos.test.ts.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { type Content, sampleItems } from "~/content/load";
import { readContent } from "../../scripts/build/content-files.ts";
import { launchDifferences } from "../../scripts/build/launch-facts.ts";
import { aTestimonial } from "../support/content-picks.ts";
import { makePhoto } from "../support/photos.ts";

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** A tsx script as a child process, without blocking this worker, so the three run side by side. */
function runScript(script: string, args: string[] = []): Promise<Run> {
  return new Promise((done) => {
    execFile("npx", ["tsx", script, ...args], { encoding: "utf8" }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      done({ status, stdout, stderr });
    });
  });
}

/** The testimonial given a damaged portrait: the first the site lists. */
const testimonial = aTestimonial();

let content: Content;
let brokenCopy: string;
let damagedPhotoCopy: string;
let editedCopy: string;
beforeAll(async () => {
  content = await readContent(resolve("app/content"), resolve("public"));
  // A copy of the content with one required field emptied.
  mkdirSync("tests/.tmp", { recursive: true });
  brokenCopy = mkdtempSync(join(resolve("tests/.tmp"), "content-cli-"));
  cpSync("app/content", brokenCopy, { recursive: true });
  const service = join(brokenCopy, "services/fpga-design.yaml");
  writeFileSync(service, readFileSync(service, "utf8").replace(/^title: .*$/m, 'title: ""'));
  // Content and public files where the first testimonial's portrait is a JPEG cut in half.
  damagedPhotoCopy = mkdtempSync(join(resolve("tests/.tmp"), "content-cli-photo-"));
  cpSync("app/content", join(damagedPhotoCopy, "content"), { recursive: true });
  cpSync("public", join(damagedPhotoCopy, "public"), { recursive: true });
  const jpeg = await makePhoto({ width: 400, height: 300, format: "jpeg", seed: 21 });
  mkdirSync(join(damagedPhotoCopy, "public/images/photos"), { recursive: true });
  writeFileSync(join(damagedPhotoCopy, "public/images/photos/half.jpg"), jpeg.subarray(0, jpeg.length / 2));
  const file = join(damagedPhotoCopy, "content", `testimonials/${testimonial.slug}.yaml`);
  const source = parseDocument(readFileSync(file, "utf8"));
  source.set("portrait", { src: "/images/photos/half.jpg", alt: `${testimonial.value.name} at their desk` });
  writeFileSync(file, String(source));
  // Content as editors might leave it after launch: a metric grown, an opening for more experience.
  editedCopy = mkdtempSync(join(resolve("tests/.tmp"), "content-cli-edited-"));
  cpSync("app/content", editedCopy, { recursive: true });
  const metrics = join(editedCopy, "metrics.yaml");
  writeFileSync(
    metrics,
    readFileSync(metrics, "utf8").replace(/value: (\d+)$/m, (_, n) => `value: ${Number(n) + 13}`),
  );
  const opening = join(editedCopy, `jobs/${content.jobs[0]?.slug}.yaml`);
  writeFileSync(
    opening,
    readFileSync(opening, "utf8").replace(/^ {2}max: (\d+)$/m, (_, n) => `  max: ${Number(n) + 5}`),
  );
});
afterAll(() => {
  for (const dir of [brokenCopy, damagedPhotoCopy, editedCopy]) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent("the content commands", { timeout: 60_000 }, () => {
  it("npm run check:content passes on the real content and says what it checked", async () => {
    const { status, stdout } = await runScript("scripts/build/check-content.ts");
    const { caseStudies, jobs, closedJobs, services, testimonials } = content;
    // Openings an editor has closed are counted apart.
    const closed = closedJobs > 0 ? ` (and ${closedJobs} closed)` : "";
    expect(status).toBe(0);
    expect(stdout).toContain(
      `Content OK: ${caseStudies.length} case studies, ${jobs.length} jobs${closed}, ${services.length} services, ${testimonials.length} testimonials`,
    );
  });

  it("npm run check:content exits 1 with the file and field on stderr (an empty service title)", async () => {
    const { status, stderr } = await runScript("scripts/build/check-content.ts", [
      "--content",
      brokenCopy,
      "--public",
      "public",
    ]);
    expect(status).toBe(1);
    expect(stderr).toContain("app/content/services/fpga-design.yaml");
    expect(stderr).toContain('field "title"');
  });

  it("npm run check:content exits 1 naming the file and field of a damaged photograph", async () => {
    const { status, stderr } = await runScript("scripts/build/check-content.ts", [
      "--content",
      join(damagedPhotoCopy, "content"),
      "--public",
      join(damagedPhotoCopy, "public"),
    ]);
    expect(status).toBe(1);
    expect(stderr).toContain(`Content error in ${testimonial.file}:`);
    expect(stderr).toMatch(/field "portrait\.src": file public\/images\/photos\/half\.jpg is damaged or truncated/);
  });

  it("npm run check:launch reports the content and lists each sample item and each difference from the current site", async () => {
    const { status, stdout, stderr } = await runScript("scripts/build/check-launch.ts");
    expect(stdout).toContain(
      `Content: ${content.caseStudies.length} case studies, ${content.services.length} services, ${content.testimonials.length} testimonials, ${content.jobs.length} openings`,
    );
    // On the content as it is, whatever the editors have changed: every sample and difference listed, and ready only without them.
    const listed = sampleItems(content).length + launchDifferences(content).length;
    expect(stderr.match(/^ {2}- /gm) ?? []).toHaveLength(listed);
    expect(status).toBe(listed > 0 ? 1 : 0);
    if (sampleItems(content).length > 0) expect(stderr).toMatch(/Not ready for launch: \d+ sample items/);
    else expect(stderr).not.toContain("sample items");
  });

  it("npm run check:launch names each way the content differs from the company's current site", async () => {
    const { status, stderr } = await runScript("scripts/build/check-launch.ts", ["--content", editedCopy]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/the content differs from the company's current site in \d+:/);
    expect(stderr).toMatch(
      new RegExp(
        `- the home page's metrics are 7, 50, 120 and 100; here: .*\\b${(content.metrics[0]?.value ?? 0) + 13}\\b`,
      ),
    );
    expect(stderr).toMatch(
      new RegExp(
        `- every opening is in Bengaluru, for 1 to 15 years of experience; here: .*\\b${content.jobs[0]?.slug}\\b`,
      ),
    );
  });
});
