/**
 * What each page of the route table must show, checked in the page sweep's 1280 px visit
 * (page-sweep.spec.ts), one visit a page: its status and main heading; every <img> with
 * alt text and its size, and the banner or hero art drawn inline, so the largest paint
 * never waits for it (tests/integration/decorative-art.test.ts); every e-mail address a
 * link that writes to it (a visitor on a phone taps it); and what the page's kind adds: a
 * case study's reading time and its results first, a job's facts and its Apply button, a
 * service's menu; an opening's card, its team and key skills, each card's line its own; an
 * openings list's team filter, each team's count of openings; an empty list, a way on; and a
 * page that is not itself a step (a form, an opening, the list of openings, a case study
 * with its own call to action, the privacy notice) ends on a band with what to do next.
 * Each check returns what it found wrong, as lines naming the page.
 */
import type { Page } from "@playwright/test";
import { STATIC_PAGES as LISTED_PAGES } from "../../../app/pages.ts";
import {
  CASE_STUDY_PATHS,
  contentTitle,
  JOB_PATHS,
  NOT_FOUND_PATHS,
  SERVICE_PATHS,
  SERVICES,
  STATIC_PAGES,
} from "./site.ts";

type Kind = "static" | "case study" | "job" | "service" | "not found";

function kindOf(path: string): Kind {
  if (CASE_STUDY_PATHS.includes(path)) return "case study";
  if (JOB_PATHS.includes(path)) return "job";
  if (SERVICE_PATHS.includes(path)) return "service";
  if (NOT_FOUND_PATHS.includes(path)) return "not found";
  return "static";
}

/** The page's h1: the route table's heading, the content file's title, or the 404's. */
function expectedHeading(path: string, kind: Kind): string | RegExp {
  const slug = path.split("/").at(-1) ?? "";
  if (kind === "static") return STATIC_PAGES.find((p) => p.path === path)?.h1 ?? /\S/;
  if (kind === "case study") return contentTitle("case-studies", slug);
  if (kind === "job") return contentTitle("jobs", slug);
  if (kind === "service") return SERVICES.find((s) => s.id === slug)?.title ?? /\S/;
  return "Not Found...";
}

/** Images without alt, width or height, art not inline, and addresses that are not links. */
function imagesAndAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const img of document.querySelectorAll("img")) {
      const missing = ["alt", "width", "height"].filter((attribute) => !img.hasAttribute(attribute));
      if (missing.length > 0)
        found.push(`${img.getAttribute("src") ?? img.outerHTML.slice(0, 80)} has no ${missing.join(", ")}`);
    }
    const art = document.querySelectorAll("main :is(.banner__art, .hero__art) > svg").length;
    if (art !== 1) found.push(`${art} inline banner or hero drawings, not 1`);
    // Hidden parts (closed menus, unsent forms' messages) count too.
    const address = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template")) continue;
      for (const [text] of (node.textContent ?? "").matchAll(address))
        if (parent.closest("a")?.getAttribute("href") !== `mailto:${text}`) found.push(`${text} is not a mailto link`);
    }
    return found;
  });
}

/** A case study's reading time, and its results before the story: the article opens with them. */
async function caseStudyFacts(page: Page): Promise<string[]> {
  const found: string[] = [];
  const readingTime = page.getByRole("main").getByText(/\d+ min read/);
  if (!(await readingTime.first().isVisible())) found.push("no visible 'N min read'");
  const opening = await page.evaluate(() => {
    const first = document.querySelector("main article > section");
    return { heading: first?.querySelector("h2")?.textContent, line: first?.querySelector(".lead")?.textContent };
  });
  if (opening.heading !== "Results" || !opening.line?.trim())
    found.push(`the story opens with ${JSON.stringify(opening)}, not its results`);
  return found;
}

/** A job's facts: location, experience, the two lists, and the Apply button. */
async function jobFacts(page: Page): Promise<string[]> {
  // With JavaScript the link to the form becomes a button that opens the dialog, in the
  // render just after hydration: on a busy machine that can come a few frames late.
  const apply = page.getByRole("main").locator("button", { hasText: /^\s*Apply now\s*$/ });
  const applyShown = await apply
    .first()
    .waitFor({ state: "visible", timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  const found = await page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return ["no main"];
    const found: string[] = [];
    const paragraph = (label: string) =>
      [...main.querySelectorAll("p")].find((p) => p.textContent?.includes(label))?.textContent ?? "";
    if (!/Location:\s*\S+/.test(paragraph("Location:"))) found.push("no 'Location:' with a place");
    if (!/Experience:\s*\d+–\d+ years/.test(paragraph("Experience:")))
      found.push("no 'Experience: N–M years' (an en dash)");
    for (const name of ["Preferred Education", "Area of Expertise"]) {
      const heading = [...main.querySelectorAll("h2, h3")].find((h) => h.textContent?.trim() === name);
      const list = heading?.nextElementSibling;
      if (!heading?.checkVisibility()) found.push(`no visible heading '${name}'`);
      else if (list?.tagName !== "UL" || !list.querySelector("li")?.textContent?.trim())
        found.push(`'${name}' has no list of items after it`);
    }
    return found;
  });
  if (!applyShown) found.push("no visible 'Apply now' button");
  return found;
}

/** The service menu: every service once, this one marked current. */
async function serviceMenu(page: Page, title: string): Promise<string[]> {
  const links = await page
    .getByRole("navigation", { name: "Our Services" })
    .getByRole("link")
    .evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute("href") ?? "", text: a.textContent ?? "", current: a.ariaCurrent })),
    );
  const hrefs = links.map((link) => link.href).sort();
  const found: string[] = [];
  if (JSON.stringify(hrefs) !== JSON.stringify([...SERVICE_PATHS].sort()))
    found.push(`the service menu links ${JSON.stringify(hrefs)}`);
  if (links.find((link) => link.text.includes(title))?.current !== "page")
    found.push(`'${title}' is not marked current in the service menu`);
  return found;
}

/**
 * Each opening's card (the openings lists, /careers) shows its team and two or three key
 * skills, and what it shows between its title and "Apply now" is its own: no two cards
 * read the same, as they did when each said only the city and the years.
 */
function openingCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const cardOfLine = new Map<string, string>();
    for (const card of document.querySelectorAll<HTMLElement>("main .job-card")) {
      const title = card.querySelector("h2, h3")?.textContent?.trim() ?? "a card without a heading";
      const team = card.querySelector<HTMLElement>(".job-card__team");
      if (!team?.checkVisibility() || !/\S+ team$/.test(team.innerText.trim())) found.push(`'${title}' names no team`);
      const skills = [...card.querySelectorAll<HTMLElement>('ul[aria-label="Key skills"] > li')].filter(
        (skill) => skill.checkVisibility() && skill.innerText.trim() !== "",
      );
      if (skills.length < 2 || skills.length > 3) found.push(`'${title}' shows ${skills.length} key skills, not 2–3`);
      const line = [...card.children]
        .filter((part): part is HTMLElement => part instanceof HTMLElement && !part.matches("h2, h3, a"))
        .map((part) => part.innerText)
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      const twin = cardOfLine.get(line);
      if (twin) found.push(`'${title}' reads the same as '${twin}': "${line}"`);
      cardOfLine.set(line, title);
    }
    return found;
  });
}

/** What a count of openings sounds like to a screen reader after the team's name. */
const spokenCount = (count: number) => (count === 0 ? "no openings" : `${count} opening${count === 1 ? "" : "s"}`);

/**
 * An openings list's team filter: each team's link shows its count of openings and a
 * screen reader hears it ("VLSI, 7 openings"); the link to the list shown here counts
 * the cards here (the sweep visits every list, so every count meets its list). An empty
 * list leads on: to a team that has openings, with its count, and to the careers address.
 */
async function openingsList(page: Page, path: string): Promise<string[]> {
  const shown = LISTED_PAGES.find((p) => p.path === path)?.openings;
  if (!shown) return [];
  const found: string[] = [];
  const cards = await page.locator("main .job-card").count();
  const links = page.getByRole("navigation", { name: "Openings by Team" }).getByRole("link");
  const teams: { href: string; count: number }[] = [];
  for (const link of await links.all()) {
    const href = (await link.getAttribute("href")) ?? "";
    const visible = await link.evaluate((a) => {
      let text = "";
      const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest(".visually-hidden")) text += node.textContent;
      return text.trim();
    });
    const count = /(\d+)$/.exec(visible)?.[1];
    const name = /link "([^"]*)"/.exec(await link.ariaSnapshot())?.[1] ?? "";
    if (count === undefined) {
      found.push(`the filter's link to ${href} shows no count ("${visible}")`);
      continue;
    }
    teams.push({ href, count: Number(count) });
    const team = visible.replace(/\s*\d+$/, "");
    if (name !== `${team}, ${spokenCount(Number(count))}`)
      found.push(`the filter's link to ${href} shows ${count} but is read "${name}"`);
    if (LISTED_PAGES.find((p) => p.path === href)?.openings === shown && Number(count) !== cards)
      found.push(`the filter counts ${count} at ${href}, the list here has ${cards} cards`);
  }
  if (teams.length === 0) found.push("no team filter with counts");
  if (cards === 0) {
    const hiring = teams.filter((team) => team.count > 0);
    const main = page.getByRole("main");
    for (const team of hiring) {
      const way = main.locator(`.empty-state a[href="${team.href}"]`);
      if (!(await way.isVisible()) || !(await way.innerText()).includes(String(team.count)))
        found.push(`the empty list has no link to the ${team.count} openings at ${team.href}`);
    }
    if (!(await main.locator('.empty-state a[href^="mailto:careers@"]').isVisible()))
      found.push("the empty list does not give the careers address");
  }
  return found;
}

/** Pages that are themselves the next step, or carry their own (a case study's "Talk to Our Engineers"). */
const OWN_NEXT_STEP = [
  "/contact",
  "/privacy",
  "/careers/jobs",
  "/careers/jobs/vlsi",
  "/careers/jobs/software-embedded",
];

/** The last band of the main content: the closing band, with a link to write to us or to the openings. */
async function endsOnNextStep(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const last = document.querySelector("main")?.lastElementChild;
    if (!last?.matches("section.closing-cta")) return [`ends on ${last?.tagName.toLowerCase()}.${last?.className}`];
    const links = [...last.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    return links.some((href) => href === "/contact" || href === "/careers/jobs")
      ? []
      : [`its closing band links only ${links.join(", ")}`];
  });
}

/** Everything wrong with the page just opened at `path`, which answered `status`. */
export async function pageFacts(page: Page, path: string, status: number | undefined): Promise<string[]> {
  const kind = kindOf(path);
  const found: string[] = [];
  const expectedStatus = kind === "not found" ? 404 : 200;
  if (status !== expectedStatus) found.push(`status ${status}, not ${expectedStatus}`);
  const h1 = (await page.locator("h1").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
  const heading = expectedHeading(path, kind);
  const matches = h1.length === 1 && (typeof heading === "string" ? h1[0] === heading : heading.test(h1[0] ?? ""));
  if (!matches) found.push(`main heading ${JSON.stringify(h1)}, not ${heading}`);
  found.push(...(await imagesAndAddresses(page)));
  if (kind === "case study") found.push(...(await caseStudyFacts(page)));
  if (kind === "job") found.push(...(await jobFacts(page)));
  if (kind === "service") found.push(...(await serviceMenu(page, typeof heading === "string" ? heading : "")));
  found.push(...(await openingCards(page)), ...(await openingsList(page, path)));
  const ownNextStep = kind === "case study" || kind === "job" || OWN_NEXT_STEP.includes(path);
  if (!ownNextStep) found.push(...(await endsOnNextStep(page)));
  return found.map((line) => `${path}: ${line}`);
}
