/**
 * The content meets the rules any content must keep, whatever the company's editors
 * change (what the content says, how many items there are and the launch content's facts
 * are content: `npm run check:launch` holds them, scripts/build/launch-facts.ts), and a
 * broken content file fails the build's content check with a message that names the file
 * and the field. Broken files are made from the fixtures in tests/unit/helpers/content/,
 * written into a copy of the content, so the tests do not depend on which openings or
 * case studies the company has today.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_IDS, SERVICE_TITLES } from "~/content/constants";
import { slugsIn } from "~/content/paths";
import { type Content, ContentError, loadContent, sampleItems, staleOrderNames } from "~/content/load";
import { EducationProfilesSchema, JobSchema, OrderSchema, TestimonialSchema } from "~/content/schema";
import { parseYamlFile } from "~/content/yaml-files";
import { readContent, readRawContent } from "../../scripts/build/content-files.ts";
import { companyDate, readBuildDate } from "../../common/build-date.ts";
import { SettingsError } from "../../common/settings.ts";
import { contentFile, contentFolder } from "../support/content-files.ts";
import { openJobs } from "../support/content-picks.ts";

let content: Content;
beforeAll(async () => {
  content = await readContent(resolve("app/content"), resolve("public"));
});

/** The fixtures' texts: an opening and a case study that the broken-file tests break, one field at a time. */
const fixture = (name: string) => readFileSync(join("tests/unit/helpers/content", name), "utf8");
const OPENING = { file: "jobs/checked-opening.yaml", text: fixture("opening.yaml") };
const CASE_STUDY = { file: "case-studies/checked-case-study.yaml", text: fixture("case-study.yaml") };

describe("content collections", () => {
  it("load every case study, job and service file once, by the file's name, and one per service", () => {
    expect(content.caseStudies.map((c) => c.slug).sort()).toEqual(slugsIn("case-studies"));
    expect(content.jobs.map((j) => j.slug).sort()).toEqual(slugsIn("jobs"));
    expect(content.services.map((s) => s.id).sort()).toEqual(slugsIn("services"));
    expect(content.services.map((s) => s.id).sort()).toEqual([...SERVICE_IDS].sort());
  });
});

describe("case studies", () => {
  it("group under a real service", () => {
    for (const study of content.caseStudies) expect(Object.keys(SERVICE_TITLES)).toContain(study.service);
  });
});

describe("jobs", () => {
  it("close after they are posted", () => {
    for (const job of content.jobs) expect(job.validThrough > job.datePosted, job.slug).toBe(true);
  });

  it("are at the office unless the file names another place", () => {
    const opening = parseYamlFile(OPENING.file, OPENING.text) as object;
    const hyderabad = { city: "Hyderabad", region: "Telangana", country: "IN" } as const;
    expect(JobSchema.parse(opening).location).toEqual({ city: "Bengaluru", region: "Karnataka", country: "IN" });
    expect(JobSchema.parse({ ...opening, location: hyderabad }).location).toEqual(hyderabad);
  });

  it("are listed in the company's order: as order.yaml names them, then the others by file name", () => {
    expect(content.jobs.map((j) => j.slug)).toEqual(openJobs().map((j) => j.slug));
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
      const slug = content.jobs[0]?.slug;
      if (!slug) throw new Error("no open opening in app/content/jobs/ on the build's date to close");
      const file = join(dir, `jobs/${slug}.yaml`);
      writeFileSync(file, `${readFileSync(file, "utf8")}closed: true\n`);
      const closedContent = await readContent(dir, resolve("public"));
      expect(closedContent.jobs.map((j) => j.slug)).not.toContain(slug);
      expect(closedContent.jobs).toHaveLength(content.jobs.length - 1);
      expect(closedContent.closedJobs).toBe(content.closedJobs + 1);
      const today = readBuildDate(process.env);
      expect(slugsIn("jobs", today, dir)).not.toContain(slug);
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

describe("sample content", () => {
  it("lists every invented item the company must replace, and nothing else", () => {
    // The content with the first item of each list marked as a sample and every other one real.
    const mark = <T extends { sample?: boolean }>(list: T[]) => list.map((item, i) => ({ ...item, sample: i === 0 }));
    const marked = {
      ...content,
      testimonials: mark(content.testimonials),
      partners: mark(content.partners),
      gallery: mark(content.gallery),
      press: mark(content.press),
      about: { ...content.about, trackRecord: { ...content.about.trackRecord, sample: true } },
    };
    const listed = sampleItems(marked).filter((item) => !item.startsWith("site.ts"));
    expect(listed).toEqual([
      `testimonials/: testimonial of ${content.testimonials[0]?.name}`,
      `partners/: partner ${content.partners[0]?.name}`,
      `gallery/: gallery picture "${content.gallery[0]?.caption}"`,
      `press/: press item "${content.press[0]?.title}"`,
      "pages/about.yaml: the founders' track record",
    ]);
    const real = {
      ...marked,
      ...{ testimonials: [], partners: [], gallery: [], press: [] },
      about: { ...content.about, trackRecord: { ...content.about.trackRecord, sample: false } },
    };
    expect(sampleItems(real).filter((item) => !item.startsWith("site.ts"))).toEqual([]);
  });
});

describe("a broken content file fails the build's content check", () => {
  let dir: string;
  beforeAll(() => {
    mkdirSync("tests/.tmp", { recursive: true });
    dir = mkdtempSync(join(resolve("tests/.tmp"), "content-"));
    cpSync("app/content", dir, { recursive: true });
    writeFileSync(join(dir, OPENING.file), OPENING.text);
    // The fixture's pictures are the first case study's, which exist whatever the company has.
    const pictures = content.caseStudies[0];
    if (!pictures) throw new Error("no case study in app/content/case-studies/ to borrow pictures from");
    writeFileSync(
      join(dir, CASE_STUDY.file),
      CASE_STUDY.text
        .replace(/^(thumbnail:\n {2}src: ).*$/m, `$1${pictures.thumbnail.src}`)
        .replace(/^(image:\n {2}src: ).*$/m, `$1${pictures.image.src}`),
    );
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

  const opening = OPENING.file;
  const study = CASE_STUDY.file;
  /** A file or field name, or how to find it once the copy is made. */
  type FileName = string | (() => string);
  type FieldName = string | (() => string);
  /** The first file of a content folder in the copy, by name: any will do. */
  const firstIn = (folder: string) => `${folder}/${readdirSync(join(dir, folder)).sort()[0]}`;

  it.each([
    ["a number written as text", opening, /\n {2}min: 1\n/, "\n  min: one\n", "experienceYears.min"],
    ["a maximum experience below the minimum", opening, /\n {2}max: 15\n/, "\n  max: 0\n", "experienceYears"],
    ["a job without its title", opening, /^title: .*\n/m, "", "title"],
    ["an unknown service", study, /^service: .*$/m, "service: quantum", "service"],
    ["an empty title", "services/fpga-design.yaml", /^title: .*$/m, 'title: ""', "title"],
    ["a date that is not a date", opening, /^validThrough: .*$/m, "validThrough: end of February", "validThrough"],
    ["a date that does not exist", opening, /^datePosted: .*$/m, "datePosted: 2026-02-30", "datePosted"],
    [
      "an image that does not exist",
      () => firstIn("gallery"),
      /^ {2}src: .*$/m,
      "  src: /images/gallery/no-such-picture.svg",
      "image.src",
    ],
    ["a slug field (the file's name is the slug)", opening, /^title:/m, "slug: dft\ntitle:", "slug"],
    [
      "an education profile that education.yaml does not have",
      opening,
      /^educationProfile: .*$/m,
      "educationProfile: phd-only",
      "educationProfile",
    ],
    [
      "an education profile named like a built-in property",
      opening,
      /^educationProfile: .*$/m,
      "educationProfile: constructor",
      "educationProfile",
    ],
    [
      "an education profile with no degrees",
      "education.yaml",
      /^([a-z-]+):\n(?: {2}- .*\n)+/m,
      "$1: []\n",
      () => Object.keys(contentFile("education.yaml", EducationProfilesSchema))[0] ?? "",
    ],
    ["a job without its team", opening, /^team: .*\n/m, "", "team"],
    ["a job without keySkills", opening, /^keySkills:\n(?: {2}- .*\n)+/m, "", "keySkills"],
    [
      "a job with one key skill",
      opening,
      /^keySkills:\n(?: {2}- .*\n)+/m,
      "keySkills:\n  - Scan & ATPG\n",
      "keySkills",
    ],
    ["a job with four key skills", opening, /^keySkills:\n/m, "keySkills:\n  - JTAG\n", "keySkills"],
    [
      "a key skill longer than a few words",
      opening,
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
      study,
      /was <em>new<\/em>/,
      "was <em>new</em><script>alert(1)</script>",
      "sections.projectDescription.desc.0",
    ],
    [
      "an event handler on a link in a project description",
      study,
      /<a href="https:\/\/standards\.ieee\.org\/ieee\/1800\/7743\/">/,
      '<a href="https://standards.ieee.org/ieee/1800/7743/" onclick="steal()">',
      "sections.projectDescription.desc.1",
    ],
    [
      "a javascript: link in a project description",
      study,
      /href="https:\/\/standards\.ieee\.org[^"]*"/,
      'href="javascript:alert(1)"',
      "sections.projectDescription.desc.1",
    ],
    [
      "a heading tag in a project description",
      study,
      /<em>new<\/em>/,
      "<h2>new</h2>",
      "sections.projectDescription.desc.0",
    ],
    [
      "an emphasis left open in a project description",
      study,
      /<em>new<\/em>/,
      "<em>new",
      "sections.projectDescription.desc.0",
    ],
    ["a case study without its result", study, /^result: .*\n/m, "", "result"],
    ["a result longer than one short line", study, /^result: /m, "result: " + "a".repeat(121), "result"],
    [
      "a press article's address over http",
      () => firstIn("press"),
      /^title: /m,
      "url: http://www.example.com/news/a-headline\ntitle: ",
      "url",
    ],
    [
      "a featured case study that does not exist",
      "pages/home.yaml",
      /^(featuredCaseStudies:\n {2}- ).*$/m,
      "$1no-such-study",
      "featuredCaseStudies",
    ],
  ] as [string, FileName, RegExp, string, FieldName][])(
    "%s: names the file and the field",
    async (_what, fileName, find, replace, fieldName) => {
      const file = typeof fileName === "function" ? fileName() : fileName;
      const field = typeof fieldName === "function" ? fieldName() : fieldName;
      const result = await checkWith(file, find, replace);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`app/content/${file}`);
      expect(result.stderr).toContain(`field "${field}"`);
    },
  );

  it.each([
    ["a key without its colon", opening, /^team: DFT$/m, "team DFT", 3],
    ["a quote left open", study, /^title: (.*)$/m, 'title: "$1', 1],
    ["a list item indented with a tab", opening, /^ {2}- Memory BIST$/m, "\t- Memory BIST", 6],
    ["a mapping indented out of line", opening, /^ {2}min: 1$/m, " min: 1", 9],
    ["the same key twice", opening, /^title: .*$/m, "$&\ntitle: Again", 2],
  ])("broken YAML (%s): names the file, the line and the column", async (_what, file, find, replace, line) => {
    const result = await checkWith(file, find, replace);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Content error in app/content/${file}:`);
    expect(result.stderr).toMatch(new RegExp(`line ${line}, column \\d+: .+ \\(the file is not valid YAML\\)`));
  });

  it("refuses a YAML alias, which an editor never writes", async () => {
    const result = await checkWith(opening, /^team: DFT$/m, "team: &t DFT\ncategory2: *t");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("YAML alias");
  });

  it("refuses a file that is not YAML, or a name that is not lower-case words", async () => {
    for (const [name, message] of [
      ["jobs/dft.yml", "content files are YAML, named <name>.yaml"],
      ["jobs/DFT Engineer.yaml", "the file's name must be lower-case words joined by hyphens"],
    ] as const) {
      const path = join(dir, name);
      cpSync(join(dir, opening), path);
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
    const testimonials = contentFolder("testimonials", TestimonialSchema);
    const featured = testimonials.find(({ value }) => value.featured)?.name;
    const another = testimonials.find(({ value }) => !value.featured)?.name;
    if (!another) throw new Error("one testimonial in app/content/testimonials/; the test needs a second to feature");
    const result = await checkWith(`testimonials/${another}.yaml`, /^name: /m, "featured: true\nname: ");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('field "featured": exactly one testimonial must be featured, found 2:');
    expect(result.stderr).toContain(`app/content/testimonials/${another}.yaml`);
    expect(result.stderr).toContain(`app/content/testimonials/${featured}.yaml`);
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
    // The fixture opening is in the copy, and order.yaml does not name it.
    const slug = OPENING.file.slice("jobs/".length, -".yaml".length);
    const named = contentFile("order.yaml", OrderSchema).openings;
    const jobs = (await readContent(dir, resolve("public"))).jobs.map((j) => j.slug);
    expect(jobs.filter((j) => j !== slug)).toEqual(content.jobs.map((j) => j.slug));
    expect(jobs.indexOf(slug)).toBeGreaterThan(Math.max(-1, ...jobs.map((j, i) => (named.includes(j) ? i : -1))));
  });

  it("lists the education profiles to choose from when a job names one that does not exist", async () => {
    const result = await checkWith(opening, /^educationProfile: .*$/m, "educationProfile: phd-only");
    expect(result.status).toBe(1);
    const profiles = Object.keys(contentFile("education.yaml", EducationProfilesSchema));
    expect(result.stderr).toContain(
      `field "educationProfile": "phd-only" is not a profile in app/content/education.yaml; choose one of ${profiles.join(", ")}`,
    );
  });

  it("says what was written and what sanitising kept when a project description's markup is dropped", async () => {
    const result = await checkWith(study, /was <em>new<\/em>/, "was <em style='color:red'>new</em>");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("only <a href=");
    expect(result.stderr).toContain("written: A US-based data-centre");
    expect(result.stderr).toContain("was <em style='color:red'>new</em>");
    expect(result.stderr).toMatch(/kept: +A US-based data-centre.*was <em>new<\/em>/);
  });
});
