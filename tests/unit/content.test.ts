/**
 * The content meets the spec's counts and rules, and a broken content file fails the
 * build's content check with a message that names the file and the field.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASE_STUDY_BADGES, CASE_STUDY_SECTIONS, SERVICE_TITLES } from "~/content/constants";
import { type Content, sampleItems } from "~/content/load";
import { readContent } from "../../scripts/content-files.ts";

let content: Content;
beforeAll(async () => {
  content = await readContent(resolve("app/content"), resolve("public"));
});

const allText = () => JSON.stringify(content);

describe("content counts (spec §9)", () => {
  it("has 17 case studies, 6 services, 18 testimonials, 7 jobs, 18 partners, 16 gallery and 9 press images", () => {
    expect(content.caseStudies).toHaveLength(17);
    expect(content.services).toHaveLength(6);
    expect(content.testimonials).toHaveLength(18);
    expect(content.jobs).toHaveLength(7);
    expect(content.partners).toHaveLength(18);
    expect(content.gallery).toHaveLength(16);
    expect(content.press).toHaveLength(9);
  });

  it("has the four business metrics 7, 50, 120 and 100", () => {
    expect(content.metrics.map((m) => m.value)).toEqual([7, 50, 120, 100]);
  });
});

describe("case studies", () => {
  it("use only the spec's badges and dates, and group under a real service", () => {
    for (const study of content.caseStudies) {
      expect(CASE_STUDY_BADGES).toContain(study.badge);
      expect(["2022-07-28", "2022-06-06"]).toContain(study.date);
      expect(Object.keys(SERVICE_TITLES)).toContain(study.service);
    }
  });

  it("use every section kind of the spec at least once", () => {
    for (const key of Object.keys(CASE_STUDY_SECTIONS)) {
      expect(
        content.caseStudies.some((c) => (c.sections as Record<string, unknown>)[key]),
        key,
      ).toBe(true);
    }
  });

  it("mark the encoder scheme's verification as 'In progress'", () => {
    const withAccomplishments = content.caseStudies.filter((c) => c.sections.accomplishments);
    expect(withAccomplishments.length).toBeGreaterThan(0);
    for (const c of withAccomplishments)
      expect(c.sections.accomplishments?.encoderSchemeVerification).toBe("In progress");
  });
});

describe("jobs", () => {
  it("are in Bengaluru with 1-15 years of experience", () => {
    for (const job of content.jobs) {
      expect(job.location.city).toBe("Bengaluru");
      expect(job.experienceYears).toEqual({ min: 1, max: 15 });
      expect(job.validThrough > job.datePosted).toBe(true);
    }
  });

  it("prefer B.Tech/M.Tech, except RTL ASIC, which accepts any degree", () => {
    for (const job of content.jobs) {
      const education = job.preferredEducation.join(" ");
      if (job.slug === "rtl-asic-engineer-all-levels") expect(education).toMatch(/any/i);
      else expect(education).toMatch(/B\.?Tech|M\.?Tech/);
    }
  });
});

describe("business claims of spec §1 appear in the copy", () => {
  it.each([
    ["20+ years of SoC experience", /20\+ years/],
    ["300+ tape-outs", /300\+ tape-outs/i],
    ["100+ years of collective experience", /100\+ years/],
    ["revenue over 10 Cr", /10 (Cr|crore)/i],
    ["5x turnover in three years", /(5x|fivefold|five-fold)/i],
    ["20+ active direct customers", /20\+ active/i],
    ["top 5 customers for 2+ years", /top (5|five) customers/i],
    ["over 60% verification", /60%/],
  ])("%s", (_claim, pattern) => {
    expect(allText()).toMatch(pattern);
  });
});

describe("sample content", () => {
  it("lists every invented item the company must replace", () => {
    const samples = sampleItems(content);
    expect(samples.filter((s) => s.startsWith("testimonials.ts"))).toHaveLength(18);
    expect(samples.filter((s) => s.startsWith("partners.ts"))).toHaveLength(18);
    expect(samples.filter((s) => s.startsWith("gallery.ts"))).toHaveLength(16);
    expect(samples.filter((s) => s.startsWith("press.ts"))).toHaveLength(9);
    expect(samples).toContain("pages/about.ts: the founders' track record");
  });

  it("makes `npm run check:launch` fail while any remain", () => {
    const result = spawnSync("npx", ["tsx", "scripts/check-launch.ts"], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Not ready for launch: \d+ sample items/);
    expect(result.stderr).toContain("partners.ts: partner");
  });
});

describe("a broken content file fails the build's content check", () => {
  let dir: string;
  beforeAll(() => {
    mkdirSync("tests/.tmp", { recursive: true });
    dir = mkdtempSync(join(resolve("tests/.tmp"), "content-"));
    cpSync("app/content", dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = () =>
    spawnSync("npx", ["tsx", "scripts/check-content.ts", "--content", dir, "--public", "public"], { encoding: "utf8" });

  it("passes on the real content", () => {
    const output = execFileSync("npx", ["tsx", "scripts/check-content.ts", "--content", dir], { encoding: "utf8" });
    expect(output).toMatch(/Content OK: 17 case studies, 7 jobs, 6 services, 18 testimonials/);
  });

  it.each([
    ["a number written as text", "jobs/dft-engineer-all-levels.ts", /min: 1,/, 'min: "one",', "experienceYears.min"],
    ["an unknown badge", "case-studies/automotive-mcu-dft.ts", /badge: "[^"]+"/, 'badge: "Quantum"', "badge"],
    ["an empty title", "services/fpga-design.ts", /title: "[^"]+"/, 'title: ""', "title"],
    ["an image that does not exist", "gallery.ts", /gallery-03\.svg/, "gallery-99.svg", "2.image.src"],
    [
      "a slug that differs from the file name",
      "jobs/rtl-asic-engineer-all-levels.ts",
      /slug: "[^"]+"/,
      'slug: "rtl-asic"',
      "slug",
    ],
  ])("%s: names the file and the field", (_what, file, find, replace, field) => {
    const path = join(dir, file);
    const original = readFileSync(path, "utf8");
    expect(original).toMatch(find);
    writeFileSync(path, original.replace(find, replace));
    try {
      const result = check();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`app/content/${file}`);
      expect(result.stderr).toContain(`field "${field}"`);
    } finally {
      writeFileSync(path, original);
    }
  });
});
