/**
 * What the screens that list things list (the openings in the company's order, the case
 * studies whole and by service), a case
 * study's inline HTML, the home page's buttons and the 'Not Found...' screen. What every
 * page must show (status, main heading, images, e-mail links, a case study's, job's or
 * service's facts) is checked in the page sweep's 1280 px visit (page-sweep.spec.ts,
 * support/page-facts.ts); the head tags search engines read, over the built files
 * (tests/integration/seo.test.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { SERVICE_TITLES } from "../../app/content/constants.ts";
import { site } from "../../app/content/site.ts";
import { aCaseStudy, type CaseStudyItem } from "../support/content-picks.ts";
import {
  CASE_STUDY_FILTER_PATHS,
  CASE_STUDY_PATHS,
  caseStudiesOfService,
  CONTENT_COUNTS,
  JOB_PATHS,
  NOT_FOUND_PATHS,
  openingsInOrder,
  openPage,
  SERVICE_PATHS,
  SERVICES,
} from "./support/site.ts";
import { pageFacts } from "./support/page-facts.ts";

async function hrefsOf(links: ReturnType<Page["locator"]>) {
  return (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))).sort();
}

/** Extra checks for screens that list things, keyed by path. */
const SCREEN_CHECKS: Record<string, (page: Page) => Promise<void>> = {
  "/": async (page) => {
    const partners = page.getByRole("region", { name: "OUR VALUABLE PARTNERS" });
    await expect(partners.locator("img")).toHaveCount(CONTENT_COUNTS.partners);
    const services = page.getByRole("region", { name: "SERVICES WE OFFER" });
    await expect(services.getByRole("listitem")).toHaveCount(SERVICES.length);
    const serviceLinks = services.locator('a[href^="/services/"]');
    await expect(serviceLinks).toHaveCount(SERVICES.length);
    expect(await hrefsOf(serviceLinks)).toEqual([...SERVICE_PATHS].sort());
    await expect(page.getByRole("link", { name: /^explore services$/i })).toHaveAttribute(
      "href",
      "/services/silicon-engineering",
    );
    await expect(page.getByRole("link", { name: /^join us$/i })).toHaveAttribute("href", "/careers/jobs");
    // The work first: the three featured case studies, each with its result, right after the hero.
    const work = page.getByRole("region", { name: "What Our Engineers Delivered" });
    const featured = work.getByRole("listitem");
    await expect(featured).toHaveCount(3);
    for (const card of await featured.all()) {
      await expect(card.getByRole("heading").getByRole("link")).toHaveAttribute("href", /^\/casestudies\/[a-z0-9-]+$/);
      await expect(card.locator(".case-card__result")).toHaveText(/\d/);
    }
    await expect(work.getByRole("link", { name: "See all case studies" })).toHaveAttribute("href", "/casestudies");
    expect(
      await page.locator("main > section").evaluateAll((sections) => sections.slice(0, 2).map((s) => s.className)),
      "the hero, then the work",
    ).toEqual(["hero", "section section--tint"]);
  },
  "/casestudies": (page) => expectCaseStudyList(page, null, CASE_STUDY_PATHS),
  ...Object.fromEntries(
    SERVICES.map((service, i) => [
      CASE_STUDY_FILTER_PATHS[i] as string,
      (page: Page) => expectCaseStudyList(page, service.title, caseStudiesOfService(service.id)),
    ]),
  ),
  "/services": async (page) => {
    const cards = page.getByRole("region", { name: "Our Services" }).getByRole("listitem");
    await expect(cards).toHaveCount(SERVICES.length);
    expect(await hrefsOf(cards.getByRole("heading", { level: 2 }).getByRole("link"))).toEqual(
      [...SERVICE_PATHS].sort(),
    );
  },
  "/careers": async (page) => {
    await expectEveryOpening(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "See the openings by team" })).toHaveAttribute("href", "/careers/jobs");
    const working = page.getByRole("region", { name: "What Working Here Is Like" });
    expect(await hrefsOf(working.getByRole("heading").getByRole("link"))).toEqual(
      ["/careers/life-blueberry", "/careers/press-media", "/careers/testimonials"].sort(),
    );
  },
  "/careers/jobs": expectEveryOpening,
  "/careers/jobs/vlsi": expectEveryOpening,
  "/careers/jobs/software-embedded": async (page) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "No Openings Right Now" })).toBeVisible();
    await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expect(main.getByRole("link", { name: /^Apply now/ })).toHaveCount(0);
    // Not a dead end: the team that is hiring, with its count.
    await expect(main.getByRole("link", { name: `See ${JOB_PATHS.length} openings in VLSI` })).toHaveAttribute(
      "href",
      "/careers/jobs/vlsi",
    );
  },
  "/careers/testimonials": async (page) => {
    const cards = page.getByRole("region", { name: "Voices from the Team" }).getByRole("listitem");
    await expect(cards).toHaveCount(CONTENT_COUNTS.testimonials);
    for (const card of await cards.all()) {
      await expect(card.locator("blockquote")).toHaveText(/\S/);
      await expect(card.locator("figcaption")).toHaveText(/\S/);
    }
  },
  "/privacy": async (page) => {
    const main = page.getByRole("main");
    for (const heading of ["What We Collect", "Why We Use It", "How Long We Keep It", "Contact"]) {
      await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    // The retention periods the purge applies, not placeholders.
    await expect(main).toContainText("365 days");
    await expect(main).toContainText("180 days");
    await expect(main).not.toContainText("{");
    // The server build stores what it is sent; only the static build's notice names EmailJS.
    await expect(main).toContainText("from our systems");
    await expect(main).not.toContainText("EmailJS");
  },
  "/careers/press-media": async (page) => {
    await expect(page.getByRole("region", { name: "Press images" }).getByRole("listitem").locator("img")).toHaveCount(
      9,
    );
  },
};

/**
 * A case study list, whole or narrowed to one service: its cards are the given studies,
 * each with its picture, its service as the tag, title, result, date and reading time;
 * the filter offers every service as a plain link to its own page (no query string, so
 * it works without JavaScript and on the static build) and marks the one shown.
 */
async function expectCaseStudyList(page: Page, shownService: string | null, studies: string[]) {
  const region = shownService ? `Every ${shownService} case study` : "All case studies";
  const list = page.getByRole("region", { name: region, exact: true });
  const cards = list.locator(".case-grid > li");
  await expect(cards).toHaveCount(studies.length);
  const titleLinks = cards.getByRole("heading").getByRole("link");
  expect(await hrefsOf(titleLinks)).toEqual([...studies].sort());
  const filter = page.getByRole("navigation", { name: "Case studies by service" });
  const filterLinks = filter.getByRole("link");
  expect(await hrefsOf(filterLinks)).toEqual(["/casestudies", ...CASE_STUDY_FILTER_PATHS].sort());
  const current = filter.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute("href", new URL(page.url()).pathname);
  for (const card of await cards.all()) {
    await expect(card.locator("img")).toHaveCount(1);
    // The tag names one of the services, as the menu does; on a filtered list, that one.
    const tags = shownService ? [shownService] : Object.values(SERVICE_TITLES);
    await expect(card.locator(".badge")).toHaveText(new RegExp(`^(${tags.join("|")})$`, "i"));
    await expect(card.getByRole("heading").getByRole("link")).toHaveText(/\S/);
    await expect(card.locator(".case-card__result"), "the study's result under its title").toHaveText(/\S/);
    await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card).toContainText(/\d+ min read/);
  }
}

test("the case study filter moves between prerendered lists, and an unknown service is not found", async ({ page }) => {
  await page.goto("/casestudies");
  const filter = page.getByRole("navigation", { name: "Case studies by service" });
  await filter.getByRole("link", { name: /^FPGA Design/ }).click();
  await expect(page).toHaveURL(/\/casestudies\/service\/fpga-design$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FPGA Design Case Studies");
  await expect(page.locator(".case-grid > li")).toHaveCount(caseStudiesOfService("fpga-design").length);
  await filter.getByRole("link", { name: /^All/ }).click();
  await expect(page).toHaveURL(/\/casestudies$/);
  await expect(page.locator(".case-grid > li")).toHaveCount(CASE_STUDY_PATHS.length);
  expect((await page.request.get("/casestudies/service/quantum-computing")).status()).toBe(404);
});

async function expectEveryOpening(page: Page) {
  const apply = page.locator(".job-list").getByRole("link", { name: /^Apply now/ });
  await expect(apply).toHaveCount(JOB_PATHS.length);
  expect(await hrefsOf(apply)).toEqual([...JOB_PATHS].sort());
  await expect(page.locator(".job-list .job-card__title")).toHaveText(openingsInOrder());
}

test.describe("screens that list things", () => {
  for (const [path, check] of Object.entries(SCREEN_CHECKS)) {
    test(`${path} lists what it should`, async ({ page }) => {
      await page.goto(path);
      await check(page);
    });
  }
});

/** The inline HTML of a case study's project description, as its file writes it. */
const descriptionHtml = (study: CaseStudyItem) => (study.value.sections.projectDescription?.desc ?? []).join("\n");
/** The links of that HTML to another site (the page adds rel="noopener noreferrer" to those). */
const externalLinks = (study: CaseStudyItem) =>
  [...descriptionHtml(study).matchAll(/<a href="(https:\/\/[^"]+)">([^<]+)<\/a>/g)]
    .map(([, href = "", name = ""]) => ({ href, name }))
    .filter(
      ({ href }) =>
        new URL(href).hostname.replace(/^www\./, "") !== new URL(site.defaultUrl).hostname.replace(/^www\./, ""),
    );
/** The text of the first element `tag` in that HTML. */
const firstText = (study: CaseStudyItem, tag: string) =>
  new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(descriptionHtml(study))?.[1] ?? "";

test("a case study's project description shows its sanitised links, emphasis and line breaks", async ({ page }) => {
  const marked = aCaseStudy(
    "a case study whose project description has a link to another site, <em> and <strong>",
    (study) => externalLinks(study).length > 0 && firstText(study, "em") !== "" && firstText(study, "strong") !== "",
  );
  const written = externalLinks(marked)[0]!;
  await page.goto(marked.path);
  const description = page.getByRole("region", { name: "Project Description" });
  const link = description.getByRole("link", { name: written.name });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", written.href);
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(description.locator("em").first()).toHaveText(firstText(marked, "em"));
  await expect(description.locator("strong").first()).toHaveText(firstText(marked, "strong"));
  // Markup is rendered, never shown as text.
  await expect(description).not.toContainText("<");

  const lineBreaks = (study: CaseStudyItem) => descriptionHtml(study).match(/<br\s*\/?>/g)?.length ?? 0;
  const broken = aCaseStudy(
    "a case study whose project description has a link to another site and a line break (<br>)",
    (study) => externalLinks(study).length > 0 && lineBreaks(study) > 0,
  );
  const brokenLink = externalLinks(broken)[0]!;
  await page.goto(broken.path);
  const withBreak = page.getByRole("region", { name: "Project Description" });
  await expect(withBreak.getByRole("link", { name: brokenLink.name })).toHaveAttribute("href", brokenLink.href);
  await expect(withBreak.locator("p br")).toHaveCount(lineBreaks(broken));
});

test("the sanitiser stays on the server: no client asset carries sanitize-html or our inline HTML module", () => {
  const assets = join(process.env.BUILD_DIR ?? "build", "client", "assets");
  const scripts = readdirSync(assets).filter((f) => f.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  // Option names sanitize-html reads (minifying keeps property names), and our module's own tag.
  const signature = /allowedSchemesAppliedToAttributes|nonBooleanAttributes|dropped-link/;
  const carriers = scripts.filter((f) => signature.test(readFileSync(join(assets, f), "utf8")));
  expect(carriers).toEqual([]);
});

test("home buttons lead to the silicon engineering service and the openings", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /^explore services$/i }).click();
  await expect(page).toHaveURL(/\/services\/silicon-engineering$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Silicon Engineering");
  await page.goto("/");
  await page.getByRole("link", { name: /^join us$/i }).click();
  await expect(page).toHaveURL(/\/careers\/jobs$/);
  await expect(page.getByRole("main").getByRole("link", { name: /^Apply now/ })).toHaveCount(JOB_PATHS.length);
});

test.describe("unknown addresses", () => {
  for (const path of NOT_FOUND_PATHS) {
    test(`${path} answers 404 with 'Not Found...' inside the layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not Found...");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }),
      ).toBeVisible();
      const footer = page.getByRole("contentinfo");
      await expect(footer).toBeVisible();
      await expect(footer.getByRole("link", { name: "Case Studies", exact: true })).toBeVisible();
      expect(await pageFacts(page, path, response?.status())).toEqual([]);
    });
  }
});

test("the 'Not Found...' file, made for one address, comes to life at any other: no console error, the menu opens", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    // The document's own 404 is reported as a failed resource; anything else is a fault.
    if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
  });
  await page.setViewportSize({ width: 375, height: 800 });
  // Waits for React to hydrate the page: it would time out if the file could not come to life here.
  const response = await openPage(page, "/careers/no-such-list/deeper?utm_source=x");
  expect(response?.status()).toBe(404);
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("the editor at /admin/ shows its sign-in with its own fonts, and asks no other site for anything but what its policy refuses", async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== baseURL) elsewhere.push(url.href);
  });
  const fonts: string[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".woff2")) fonts.push(`${new URL(response.url()).pathname} ${response.status()}`);
  });
  const answer = await page.goto("/admin/");
  expect(answer?.status()).toBe(200);
  // The editor isolates names it fills in (U+2068 … U+2069).
  await expect(page.getByRole("button", { name: /^Sign In with \W?GitHub\W?$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In Using Access Token" })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font).toMatch(/^\/admin\/fonts\/[\w.-]+\.woff2 200$/);
  // Its update check and GitHub's status page: refused by the policy before any request.
  expect(elsewhere).toEqual([]);
});
