/**
 * The content meets the company's rules (how many items there are is content:
 * `npm run check:launch` reports it), and a broken content file fails the build's content
 * check with a message that names the file and the field.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASE_STUDY_SECTIONS, SERVICE_IDS, SERVICE_TITLES } from "~/content/constants";
import { slugsIn } from "~/content/paths";
import dftEngineer from "~/content/jobs/dft-engineer-all-levels";
import { type Content, ContentError, sampleItems } from "~/content/load";
import { JobSchema } from "~/content/schema";
import { readContent } from "../../scripts/build/content-files.ts";

let content: Content;
beforeAll(async () => {
  content = await readContent(resolve("app/content"), resolve("public"));
});

const allText = () => JSON.stringify(content);

describe("content collections", () => {
  it("load every case study, job and service file once, by the file's name, and one per service", () => {
    expect(content.caseStudies.map((c) => c.slug).sort()).toEqual(slugsIn("case-studies"));
    expect(content.jobs.map((j) => j.slug).sort()).toEqual(slugsIn("jobs"));
    expect(content.services.map((s) => s.id).sort()).toEqual(slugsIn("services"));
    expect(content.services.map((s) => s.id).sort()).toEqual([...SERVICE_IDS].sort());
  });

  it("have items in every list a page shows", () => {
    for (const [name, list] of Object.entries({
      "case studies": content.caseStudies,
      testimonials: content.testimonials,
      jobs: content.jobs,
      partners: content.partners,
      gallery: content.gallery,
      press: content.press,
    }))
      expect(list.length, name).toBeGreaterThan(0);
  });

  it("has the four business metrics 7, 50, 120 and 100", () => {
    expect(content.metrics.map((m) => m.value)).toEqual([7, 50, 120, 100]);
  });
});

describe("case studies", () => {
  it("use only the allowed dates, and group under a real service", () => {
    for (const study of content.caseStudies) {
      expect(["2022-07-28", "2022-06-06"]).toContain(study.date);
      expect(Object.keys(SERVICE_TITLES)).toContain(study.service);
    }
  });

  it("use every section kind at least once", () => {
    for (const key of Object.keys(CASE_STUDY_SECTIONS)) {
      expect(
        content.caseStudies.some((c) => (c.sections as Record<string, unknown>)[key]),
        key,
      ).toBe(true);
    }
  });

  it("carry sanitised inline HTML in some project descriptions: a standards link, emphasis, a line break", () => {
    const html = content.caseStudies.flatMap((c) => c.sections.projectDescription?.desc ?? []).join("\n");
    expect(html).toContain(
      '<a href="https://standards.ieee.org/ieee/1800/7743/" rel="noopener noreferrer">IEEE 1800 SystemVerilog standard</a>',
    );
    expect(html).toMatch(/<a href="https:\/\/www\.jedec\.org\/[^"]+" rel="noopener noreferrer">/);
    expect(html).toContain("<em>");
    expect(html).toContain("<strong>");
    expect(html).toContain("<br />");
  });

  it("mark the encoder scheme's verification as 'In progress'", () => {
    const withAccomplishments = content.caseStudies.filter((c) => c.sections.accomplishments);
    expect(withAccomplishments.length).toBeGreaterThan(0);
    for (const c of withAccomplishments)
      expect(c.sections.accomplishments?.encoderSchemeVerification).toBe("In progress");
  });
});

describe("jobs", () => {
  it("are in Bengaluru with 1–15 years of experience", () => {
    for (const job of content.jobs) {
      expect(job.location).toEqual({ city: "Bengaluru", region: "Karnataka", country: "IN" });
      expect(job.experienceYears).toEqual({ min: 1, max: 15 });
      expect(job.validThrough > job.datePosted).toBe(true);
    }
  });

  it("are at the office unless the file names another place", () => {
    const hyderabad = { city: "Hyderabad", region: "Telangana", country: "IN" } as const;
    expect(JobSchema.parse(dftEngineer).location).toEqual({ city: "Bengaluru", region: "Karnataka", country: "IN" });
    expect(JobSchema.parse({ ...dftEngineer, location: hyderabad }).location).toEqual(hyderabad);
  });

  it("are listed in the company's order, set by each file's listOrder", () => {
    const orders = content.jobs.map((j) => j.listOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(content.jobs.map((j) => j.listOrder)).size).toBe(content.jobs.length);
  });

  it("each name a team and key skills that set them apart: no two jobs share both", () => {
    const cardLines = content.jobs.map((j) => [j.team, ...j.keySkills].join(" · "));
    expect(new Set(cardLines).size).toBe(content.jobs.length);
  });

  it("prefer B.Tech/M.Tech, except RTL ASIC, which accepts any degree", () => {
    for (const job of content.jobs) {
      const education = job.preferredEducation.join(" ");
      if (job.slug === "rtl-asic-engineer-all-levels") expect(education).toMatch(/any/i);
      else expect(education).toMatch(/B\.?Tech|M\.?Tech/);
    }
  });
});

describe("the company's business claims appear in the copy", () => {
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
    const marked = (list: { sample?: boolean }[]) => list.filter((item) => item.sample).length;
    expect(samples.filter((s) => s.startsWith("testimonials.ts"))).toHaveLength(marked(content.testimonials));
    expect(samples.filter((s) => s.startsWith("partners.ts"))).toHaveLength(marked(content.partners));
    expect(samples.filter((s) => s.startsWith("gallery.ts"))).toHaveLength(marked(content.gallery));
    expect(samples.filter((s) => s.startsWith("press.ts"))).toHaveLength(marked(content.press));
    expect(marked(content.testimonials), "the invented testimonials are marked").toBeGreaterThan(0);
    expect(samples).toContain("pages/about.ts: the founders' track record");
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

  /**
   * What `npm run check:content` does (scripts/build/check-content.ts), in this process: it
   * prints the ContentError's message and exits 1. The command itself runs in
   * tests/integration/content-cli.test.ts.
   */
  async function check(): Promise<{ status: number; stderr: string }> {
    try {
      await readContent(dir, resolve("public"), { fresh: true });
      return { status: 0, stderr: "" };
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return { status: 1, stderr: error.message };
    }
  }

  it.each([
    ["a number written as text", "jobs/dft-engineer-all-levels.ts", /min: 1,/, 'min: "one",', "experienceYears.min"],
    ["an unknown service", "case-studies/automotive-mcu-dft.ts", /service: "[^"]+"/, 'service: "quantum"', "service"],
    ["an empty title", "services/fpga-design.ts", /title: "[^"]+"/, 'title: ""', "title"],
    ["an image that does not exist", "gallery.ts", /gallery-03\.svg/, "gallery-99.svg", "2.image.src"],
    [
      "a slug that differs from the file name",
      "jobs/rtl-asic-engineer-all-levels.ts",
      /slug: "[^"]+"/,
      'slug: "rtl-asic"',
      "slug",
    ],
    [
      "an education profile that education.ts does not have",
      "jobs/dft-engineer-all-levels.ts",
      /educationProfile: "[^"]+"/,
      'educationProfile: "phd-only"',
      "educationProfile",
    ],
    [
      "an education profile named like a built-in property",
      "jobs/dft-engineer-all-levels.ts",
      /educationProfile: "[^"]+"/,
      'educationProfile: "constructor"',
      "educationProfile",
    ],
    [
      "an education profile with no degrees",
      "education.ts",
      /"analog-circuits": \[[^\]]*\]/,
      '"analog-circuits": []',
      "analog-circuits",
    ],
    ["a job without its team", "jobs/dft-engineer-all-levels.ts", /\n {2}team: "[^"]*",/, "", "team"],
    ["a job without keySkills", "jobs/dft-engineer-all-levels.ts", /\n {2}keySkills: \[[^\]]*\],/, "", "keySkills"],
    [
      "a job with one key skill",
      "jobs/dft-engineer-all-levels.ts",
      /keySkills: \[[^\]]*\]/,
      'keySkills: ["Scan & ATPG"]',
      "keySkills",
    ],
    [
      "a job with four key skills",
      "jobs/dft-engineer-all-levels.ts",
      /keySkills: \[/,
      'keySkills: ["JTAG", ',
      "keySkills",
    ],
    [
      "a key skill longer than a few words",
      "jobs/dft-engineer-all-levels.ts",
      /"Memory BIST"/,
      '"Memory BIST insertion, repair and diagnosis"',
      "keySkills.1",
    ],
    ["a job without listOrder", "jobs/dft-engineer-all-levels.ts", /\n {2}listOrder: \d+,/, "", "listOrder"],
    ["a listOrder of 0", "jobs/dft-engineer-all-levels.ts", /listOrder: \d+,/, "listOrder: 0,", "listOrder"],
    [
      "two jobs with the same listOrder",
      "jobs/rtl-asic-engineer-all-levels.ts",
      /listOrder: \d+,/,
      "listOrder: 3,",
      "listOrder",
    ],
    [
      "a <script> in a project description",
      "case-studies/pcie-gen5-controller-verification.ts",
      /was <em>new<\/em>/,
      "was <em>new</em><script>alert(1)</script>",
      "sections.projectDescription.desc.0",
    ],
    [
      "an event handler on a link in a project description",
      "case-studies/pcie-gen5-controller-verification.ts",
      /<a href="https:\/\/standards\.ieee\.org\/ieee\/1800\/7743\/">/,
      '<a href="https://standards.ieee.org/ieee/1800/7743/" onclick="steal()">',
      "sections.projectDescription.desc.1",
    ],
    [
      "a javascript: link in a project description",
      "case-studies/ddr5-phy-physical-design.ts",
      /href="https:\/\/www\.jedec\.org[^"]*"/,
      'href="javascript:alert(1)"',
      "sections.projectDescription.desc.0",
    ],
    [
      "an emphasis left open in a project description",
      "case-studies/automotive-mcu-dft.ts",
      /<em>not only<\/em>/,
      "<em>not only",
      "sections.projectDescription.desc.1",
    ],
    ["a case study without its result", "case-studies/automotive-mcu-dft.ts", /\n {2}result:\s*"[^"]*",/, "", "result"],
    [
      "a result longer than one short line",
      "case-studies/automotive-mcu-dft.ts",
      /\n {2}result:\s*"/,
      '\n  result: "' + "a".repeat(121),
      "result",
    ],
    [
      "a press article's address over http",
      "press.ts",
      /\n {4}sample: true,/,
      '\n    url: "http://www.example.com/news/a-headline",\n    sample: true,',
      "0.url",
    ],
    [
      "a featured case study that does not exist",
      "pages/home.ts",
      /"edge-ai-pcb-defect-detection"/,
      '"no-such-study"',
      "featuredCaseStudies",
    ],
  ])("%s: names the file and the field", async (_what, file, find, replace, field) => {
    const path = join(dir, file);
    const original = readFileSync(path, "utf8");
    expect(original).toMatch(find);
    writeFileSync(path, original.replace(find, replace));
    try {
      const result = await check();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`app/content/${file}`);
      expect(result.stderr).toContain(`field "${field}"`);
    } finally {
      writeFileSync(path, original);
    }
  });

  /** Runs the check with one file changed, then puts the file back. */
  async function checkWith(file: string, find: RegExp, replace: string) {
    const path = join(dir, file);
    const original = readFileSync(path, "utf8");
    expect(original).toMatch(find);
    writeFileSync(path, original.replace(find, replace));
    try {
      return await check();
    } finally {
      writeFileSync(path, original);
    }
  }

  it("names both files when two jobs share a listOrder", async () => {
    const result = await checkWith("jobs/rtl-asic-engineer-all-levels.ts", /listOrder: \d+,/, "listOrder: 3,");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'field "listOrder": 3 is also the listOrder of app/content/jobs/physical-design-engineer-all-levels.ts',
    );
  });

  it("lists the education profiles to choose from when a job names one that does not exist", async () => {
    const result = await checkWith(
      "jobs/dft-engineer-all-levels.ts",
      /educationProfile: "[^"]+"/,
      'educationProfile: "phd-only"',
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'field "educationProfile": "phd-only" is not a profile in app/content/education.ts; choose one of electronics-vlsi, analog-circuits,',
    );
  });

  it("says what was written and what sanitising kept when a project description's markup is dropped", async () => {
    const result = await checkWith(
      "case-studies/pcie-gen5-controller-verification.ts",
      /was <em>new<\/em>/,
      "was <em style='color:red'>new</em>",
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("only <a href=");
    expect(result.stderr).toContain("written: A US-based data-centre");
    expect(result.stderr).toContain("was <em style='color:red'>new</em>");
    expect(result.stderr).toMatch(/kept: +A US-based data-centre.*was <em>new<\/em>/);
  });
});
