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
import { type Content, ContentError, loadContent, sampleItems, staleOrderNames } from "~/content/load";
import { JobSchema, OrderSchema } from "~/content/schema";
import { parseYamlFile } from "~/content/yaml-files";
import { readContent, readRawContent } from "../../scripts/build/content-files.ts";
import { companyDate, readBuildDate } from "../../common/build-date.ts";
import { SettingsError } from "../../common/settings.ts";
import { contentFile } from "../support/content-files.ts";

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
    const file = "jobs/dft-engineer-all-levels.yaml";
    const dftEngineer = parseYamlFile(file, readFileSync(join("app/content", file), "utf8")) as object;
    const hyderabad = { city: "Hyderabad", region: "Telangana", country: "IN" } as const;
    expect(JobSchema.parse(dftEngineer).location).toEqual({ city: "Bengaluru", region: "Karnataka", country: "IN" });
    expect(JobSchema.parse({ ...dftEngineer, location: hyderabad }).location).toEqual(hyderabad);
  });

  it("are listed in the company's order, as order.yaml names them", () => {
    const named = contentFile("order.yaml", OrderSchema).openings;
    expect(content.jobs.map((j) => j.slug)).toEqual(named);
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

describe("an opening leaves the site when it closes", () => {
  const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it("after its validThrough, by the build's date: open on its last day, gone from the lists and the pages the day after", () => {
    const raw = readRawContent(resolve("app/content"));
    const openOn = (today: string) => loadContent(raw, resolve("public"), { today }).jobs.map((j) => j.slug);
    for (const job of content.jobs) {
      expect(openOn(job.validThrough), job.slug).toContain(job.slug);
      expect(slugsIn("jobs", job.validThrough), job.slug).toContain(job.slug);
      expect(openOn(dayAfter(job.validThrough)), job.slug).not.toContain(job.slug);
      expect(slugsIn("jobs", dayAfter(job.validThrough)), job.slug).not.toContain(job.slug);
    }
    const afterAll = dayAfter(
      content.jobs
        .map((j) => j.validThrough)
        .sort()
        .at(-1) ?? "",
    );
    expect(loadContent(raw, resolve("public"), { today: afterAll }).closedJobs).toBe(content.jobs.length);
  });

  it("marked closed: gone from the lists and the pages at the next build, its file kept and still checked", async () => {
    mkdirSync("tests/.tmp", { recursive: true });
    const dir = mkdtempSync(join(resolve("tests/.tmp"), "content-closed-"));
    try {
      cpSync("app/content", dir, { recursive: true });
      const file = join(dir, "jobs/dft-engineer-all-levels.yaml");
      writeFileSync(file, `${readFileSync(file, "utf8")}closed: true\n`);
      const closedContent = await readContent(dir, resolve("public"));
      expect(closedContent.jobs.map((j) => j.slug)).not.toContain("dft-engineer-all-levels");
      expect(closedContent.jobs).toHaveLength(content.jobs.length - 1);
      expect(closedContent.closedJobs).toBe(1);
      const today = readBuildDate(process.env);
      expect(slugsIn("jobs", today, dir)).not.toContain("dft-engineer-all-levels");
      expect(slugsIn("jobs", today, dir)).toHaveLength(content.jobs.length - 1);
      // Closed is not unchecked: a closed opening with a broken field still fails the check.
      writeFileSync(file, readFileSync(file, "utf8").replace(/^team: .*$/m, 'team: ""'));
      await expect(readContent(dir, resolve("public"))).rejects.toThrow('field "team"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("BUILD_DATE is a date written YYYY-MM-DD; unset, it is the day in Bengaluru; anything else stops the build, named", () => {
    expect(readBuildDate({ BUILD_DATE: "2027-03-01" })).toBe("2027-03-01");
    // 20:00 in London on the 28th is 01:30 on the 29th in Bengaluru.
    expect(readBuildDate({}, new Date("2026-11-28T20:00:00Z"))).toBe("2026-11-29");
    expect(readBuildDate({ BUILD_DATE: "" }, new Date("2026-11-28T10:00:00Z"))).toBe("2026-11-28");
    expect(companyDate(new Date("2026-12-31T18:29:59Z"))).toBe("2026-12-31");
    for (const bad of ["2027-02-30", "28/02/2027", "tomorrow", "2027-2-28", "2027-02-28T00:00"]) {
      expect(() => readBuildDate({ BUILD_DATE: bad }), bad).toThrow(SettingsError);
      expect(() => readBuildDate({ BUILD_DATE: bad }), bad).toThrow(`BUILD_DATE: must be a date written YYYY-MM-DD`);
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
    expect(samples.filter((s) => s.startsWith("testimonials/"))).toHaveLength(marked(content.testimonials));
    expect(samples.filter((s) => s.startsWith("partners/"))).toHaveLength(marked(content.partners));
    expect(samples.filter((s) => s.startsWith("gallery/"))).toHaveLength(marked(content.gallery));
    expect(samples.filter((s) => s.startsWith("press/"))).toHaveLength(marked(content.press));
    expect(marked(content.testimonials), "the invented testimonials are marked").toBeGreaterThan(0);
    expect(samples).toContain("pages/about.yaml: the founders' track record");
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
      await readContent(dir, resolve("public"));
      return { status: 0, stderr: "" };
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return { status: 1, stderr: error.message };
    }
  }

  /** Runs the check with one file changed (or added), then puts it back. */
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

  const dft = "jobs/dft-engineer-all-levels.yaml";
  const pcie = "case-studies/pcie-gen5-controller-verification.yaml";
  const mcu = "case-studies/automotive-mcu-dft.yaml";

  it.each([
    ["a number written as text", dft, /\n {2}min: 1\n/, "\n  min: one\n", "experienceYears.min"],
    ["a maximum experience below the minimum", dft, /\n {2}max: 15\n/, "\n  max: 0\n", "experienceYears"],
    ["a job without its title", dft, /^title: .*\n/m, "", "title"],
    ["an unknown service", mcu, /^service: .*$/m, "service: quantum", "service"],
    ["an empty title", "services/fpga-design.yaml", /^title: .*$/m, 'title: ""', "title"],
    ["a date that is not a date", dft, /^validThrough: .*$/m, "validThrough: end of February", "validThrough"],
    ["a date that does not exist", dft, /^datePosted: .*$/m, "datePosted: 2026-02-30", "datePosted"],
    [
      "an image that does not exist",
      "gallery/diwali-at-the-bengaluru-office.yaml",
      /gallery-03\.svg/,
      "gallery-99.svg",
      "image.src",
    ],
    ["a slug field (the file's name is the slug)", dft, /^title:/m, "slug: dft\ntitle:", "slug"],
    [
      "an education profile that education.yaml does not have",
      dft,
      /^educationProfile: .*$/m,
      "educationProfile: phd-only",
      "educationProfile",
    ],
    [
      "an education profile named like a built-in property",
      dft,
      /^educationProfile: .*$/m,
      "educationProfile: constructor",
      "educationProfile",
    ],
    [
      "an education profile with no degrees",
      "education.yaml",
      /^analog-circuits:\n(?: {2}- .*\n)+/m,
      "analog-circuits: []\n",
      "analog-circuits",
    ],
    ["a job without its team", dft, /^team: .*\n/m, "", "team"],
    ["a job without keySkills", dft, /^keySkills:\n(?: {2}- .*\n)+/m, "", "keySkills"],
    ["a job with one key skill", dft, /^keySkills:\n(?: {2}- .*\n)+/m, "keySkills:\n  - Scan & ATPG\n", "keySkills"],
    ["a job with four key skills", dft, /^keySkills:\n/m, "keySkills:\n  - JTAG\n", "keySkills"],
    [
      "a key skill longer than a few words",
      dft,
      /- Memory BIST\n/,
      "- Memory BIST insertion, repair and diagnosis\n",
      "keySkills.1",
    ],
    [
      "an opening in order.yaml that is not a file name",
      "order.yaml",
      /^openings:\n/m,
      "openings:\n  - Not A Slug\n",
      "openings.0",
    ],
    [
      "a <script> in a project description",
      pcie,
      /was <em>new<\/em>/,
      "was <em>new</em><script>alert(1)</script>",
      "sections.projectDescription.desc.0",
    ],
    [
      "an event handler on a link in a project description",
      pcie,
      /<a href="https:\/\/standards\.ieee\.org\/ieee\/1800\/7743\/">/,
      '<a href="https://standards.ieee.org/ieee/1800/7743/" onclick="steal()">',
      "sections.projectDescription.desc.1",
    ],
    [
      "a javascript: link in a project description",
      "case-studies/ddr5-phy-physical-design.yaml",
      /href="https:\/\/www\.jedec\.org[^"]*"/,
      'href="javascript:alert(1)"',
      "sections.projectDescription.desc.0",
    ],
    [
      "a heading tag in a project description",
      mcu,
      /<em>not only<\/em>/,
      "<h2>not only</h2>",
      "sections.projectDescription.desc.1",
    ],
    [
      "an emphasis left open in a project description",
      mcu,
      /<em>not only<\/em>/,
      "<em>not only",
      "sections.projectDescription.desc.1",
    ],
    ["a case study without its result", mcu, /^result: .*\n/m, "", "result"],
    ["a result longer than one short line", mcu, /^result: /m, "result: " + "a".repeat(121), "result"],
    [
      "a press article's address over http",
      "press/campus-hiring-drive.yaml",
      /^sample: true$/m,
      "url: http://www.example.com/news/a-headline\nsample: true",
      "url",
    ],
    [
      "a featured case study that does not exist",
      "pages/home.yaml",
      /- edge-ai-pcb-defect-detection$/m,
      "- no-such-study",
      "featuredCaseStudies",
    ],
  ])("%s: names the file and the field", async (_what, file, find, replace, field) => {
    const result = await checkWith(file, find, replace);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`app/content/${file}`);
    expect(result.stderr).toContain(`field "${field}"`);
  });

  it.each([
    ["a key without its colon", dft, /^team: DFT$/m, "team DFT", 3],
    ["a quote left open", pcie, /^title: (.*)$/m, 'title: "$1', 1],
    ["a list item indented with a tab", dft, /^ {2}- Memory BIST$/m, "\t- Memory BIST", 6],
    ["a mapping indented out of line", dft, /^ {2}min: 1$/m, " min: 1", 9],
    ["the same key twice", dft, /^title: .*$/m, "$&\ntitle: Again", 2],
  ])("broken YAML (%s): names the file, the line and the column", async (_what, file, find, replace, line) => {
    const result = await checkWith(file, find, replace);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Content error in app/content/${file}:`);
    expect(result.stderr).toMatch(new RegExp(`line ${line}, column \\d+: .+ \\(the file is not valid YAML\\)`));
  });

  it("refuses a YAML alias, which an editor never writes", async () => {
    const result = await checkWith(dft, /^team: DFT$/m, "team: &t DFT\ncategory2: *t");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("YAML alias");
  });

  it("refuses a file that is not YAML, or a name that is not lower-case words", async () => {
    for (const [name, message] of [
      ["jobs/dft.yml", "content files are YAML, named <name>.yaml"],
      ["jobs/DFT Engineer.yaml", "the file's name must be lower-case words joined by hyphens"],
    ] as const) {
      const path = join(dir, name);
      cpSync(join(dir, dft), path);
      try {
        const result = await check();
        expect(result.status, name).toBe(1);
        expect(result.stderr, name).toContain(`app/content/${name}`);
        expect(result.stderr, name).toContain(message);
      } finally {
        rmSync(path);
      }
    }
  });

  it("names every file when more than one testimonial is featured", async () => {
    const result = await checkWith("testimonials/arjun-menon.yaml", /^sample: true$/m, "featured: true\nsample: true");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('field "featured": exactly one testimonial must be featured, found 2:');
    expect(result.stderr).toContain("app/content/testimonials/arjun-menon.yaml");
    expect(result.stderr).toContain("app/content/testimonials/priya-raghavan.yaml");
  });

  it("lists an opening without its file at the end of order.yaml's names as stale, and builds", async () => {
    const path = join(dir, "order.yaml");
    const original = readFileSync(path, "utf8");
    writeFileSync(path, original.replace(/^openings:\n/m, "openings:\n  - closed-long-ago\n"));
    try {
      expect((await check()).status).toBe(0);
      expect(staleOrderNames(readRawContent(dir))).toEqual(["openings: closed-long-ago"]);
    } finally {
      writeFileSync(path, original);
    }
  });

  it("lists an opening order.yaml does not name after those it does", async () => {
    const path = join(dir, "order.yaml");
    const original = readFileSync(path, "utf8");
    writeFileSync(path, original.replace(/^ {2}- analog-layout-engineer-all-levels\n/m, ""));
    try {
      const jobs = (await readContent(dir, resolve("public"))).jobs.map((j) => j.slug);
      expect(jobs.at(-1)).toBe("analog-layout-engineer-all-levels");
      expect(jobs[0]).toBe("analog-design-engineer-all-levels");
    } finally {
      writeFileSync(path, original);
    }
  });

  it("lists the education profiles to choose from when a job names one that does not exist", async () => {
    const result = await checkWith(dft, /^educationProfile: .*$/m, "educationProfile: phd-only");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'field "educationProfile": "phd-only" is not a profile in app/content/education.yaml; choose one of electronics-vlsi, analog-circuits,',
    );
  });

  it("says what was written and what sanitising kept when a project description's markup is dropped", async () => {
    const result = await checkWith(pcie, /was <em>new<\/em>/, "was <em style='color:red'>new</em>");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("only <a href=");
    expect(result.stderr).toContain("written: A US-based data-centre");
    expect(result.stderr).toContain("was <em style='color:red'>new</em>");
    expect(result.stderr).toMatch(/kept: +A US-based data-centre.*was <em>new<\/em>/);
  });
});
