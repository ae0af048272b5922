/**
 * What the company's current site says, as facts about the content: how many items it
 * shows, its business claims and metrics, its openings' terms. The site launches with the
 * same content, so `npm run check:launch` holds the content to them; after launch the
 * company's editors change the content freely, and `npm test` checks only rules that any
 * content must keep (docs/decisions/0053-content-facts-at-launch.md).
 */
import { CASE_STUDY_SECTIONS } from "../../app/content/constants.ts";
import type { Content } from "../../app/content/load.ts";

export interface LaunchFact {
  /** The fact, as the company's current site has it. */
  fact: string;
  /** What the content says instead, or null when it agrees. */
  differs: (content: Content) => string | null;
}

const COUNTS: [keyof Content, string, number][] = [
  ["caseStudies", "case studies", 17],
  ["services", "services", 6],
  ["testimonials", "testimonials", 18],
  ["jobs", "open openings", 7],
  ["partners", "partner marks", 18],
  ["gallery", "gallery pictures", 16],
  ["press", "press items", 9],
];

const BUSINESS_CLAIMS: [string, RegExp][] = [
  ["20+ years of SoC experience", /20\+ years/],
  ["300+ tape-outs", /300\+ tape-outs/i],
  ["100+ years of collective experience", /100\+ years/],
  ["revenue over 10 Cr", /10 (Cr|crore)/i],
  ["5x turnover in three years", /(5x|fivefold|five-fold)/i],
  ["20+ active direct customers", /20\+ active/i],
  ["top 5 customers for 2+ years", /top (5|five) customers/i],
  ["over 60% verification", /60%/],
];

const CASE_STUDY_DATES = ["2022-07-28", "2022-06-06"];

/** The items of a list that fail a test, named, or null when none does. */
function namedExceptions<T>(items: T[], fails: (item: T) => boolean, name: (item: T) => string): string | null {
  const failing = items.filter(fails).map(name);
  return failing.length === 0 ? null : failing.join(", ");
}

export const LAUNCH_FACTS: LaunchFact[] = [
  ...COUNTS.map(([part, label, count]) => ({
    fact: `${count} ${label}`,
    differs: (content: Content) => {
      const found = (content[part] as unknown[]).length;
      return found === count ? null : `${found}`;
    },
  })),
  {
    fact: "the home page's metrics are 7, 50, 120 and 100",
    differs: (content) => {
      const values = content.metrics.map((m) => m.value).join(", ");
      return values === "7, 50, 120, 100" ? null : values;
    },
  },
  ...BUSINESS_CLAIMS.map(([claim, pattern]) => ({
    fact: `the copy claims ${claim}`,
    differs: (content: Content) => (pattern.test(JSON.stringify(content)) ? null : "no page says it"),
  })),
  {
    fact: `every case study is dated ${CASE_STUDY_DATES.join(" or ")}`,
    differs: (content) =>
      namedExceptions(
        content.caseStudies,
        (c) => !CASE_STUDY_DATES.includes(c.date),
        (c) => `${c.slug} (${c.date})`,
      ),
  },
  {
    fact: "the case studies use every kind of section",
    differs: (content) => {
      const unused = Object.keys(CASE_STUDY_SECTIONS).filter(
        (key) => !content.caseStudies.some((c) => (c.sections as Record<string, unknown>)[key]),
      );
      return unused.length === 0 ? null : `none has ${unused.join(", ")}`;
    },
  },
  {
    fact: "project descriptions link the IEEE 1800 standard and a JEDEC standard, with emphasis, bold and a line break",
    differs: (content) => {
      const html = content.caseStudies.flatMap((c) => c.sections.projectDescription?.desc ?? []).join("\n");
      const missing = [
        [
          "the IEEE 1800 link",
          /<a href="https:\/\/standards\.ieee\.org\/ieee\/1800\/7743\/" rel="noopener noreferrer">/,
        ],
        ["a JEDEC link", /<a href="https:\/\/www\.jedec\.org\/[^"]+" rel="noopener noreferrer">/],
        ["emphasis", /<em>/],
        ["bold", /<strong>/],
        ["a line break", /<br \/>/],
      ]
        .filter(([, pattern]) => !(pattern as RegExp).test(html))
        .map(([what]) => what);
      return missing.length === 0 ? null : `no ${missing.join(", no ")}`;
    },
  },
  {
    fact: "the case studies that list accomplishments mark the encoder scheme's verification 'In progress'",
    differs: (content) => {
      const listing = content.caseStudies.filter((c) => c.sections.accomplishments);
      if (listing.length === 0) return "none lists accomplishments";
      return namedExceptions(
        listing,
        (c) => c.sections.accomplishments?.encoderSchemeVerification !== "In progress",
        (c) => c.slug,
      );
    },
  },
  {
    fact: "every opening is in Bengaluru, for 1 to 15 years of experience",
    differs: (content) =>
      namedExceptions(
        content.jobs,
        (j) => j.location.city !== "Bengaluru" || j.experienceYears.min !== 1 || j.experienceYears.max !== 15,
        (j) => j.slug,
      ),
  },
  {
    fact: "no two openings share both their team and their key skills",
    differs: (content) => {
      const seen = new Map<string, string>();
      const repeats: string[] = [];
      for (const job of content.jobs) {
        const card = [job.team, ...job.keySkills].join(" · ");
        const first = seen.get(card);
        if (first) repeats.push(`${first} and ${job.slug}`);
        else seen.set(card, job.slug);
      }
      return repeats.length === 0 ? null : repeats.join("; ");
    },
  },
  {
    fact: "openings prefer a B.Tech or M.Tech, except RTL ASIC, which takes any degree",
    differs: (content) =>
      namedExceptions(
        content.jobs,
        (j) => {
          const education = j.preferredEducation.join(" ");
          return j.slug === "rtl-asic-engineer-all-levels"
            ? !/any/i.test(education)
            : !/B\.?Tech|M\.?Tech/.test(education);
        },
        (j) => j.slug,
      ),
  },
];

/** The facts the content does not keep, each with what it says instead. */
export function launchDifferences(content: Content): string[] {
  return LAUNCH_FACTS.flatMap(({ fact, differs }) => {
    const found = differs(content);
    return found === null ? [] : [`${fact}; here: ${found}`];
  });
}
