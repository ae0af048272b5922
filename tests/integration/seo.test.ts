/**
 * What search engines and link previews read, from the built pages: unique titles and
 * descriptions, canonical URLs, Open Graph and Twitter tags with an image made for the
 * page, JSON-LD (Organization, JobPosting with Google's fields, BreadcrumbList).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { readBuildSettings } from "../../common/settings.ts";
import { BUILD_DIR, ROOT } from "../support/site-server.ts";

const client = join(ROOT, BUILD_DIR, "client");
// The address the build was made with, through the same schema (common/settings.ts).
const siteUrl = readBuildSettings(process.env).siteUrl;
const pages = prerenderPaths();
const htmlOf = (path: string) => readFileSync(join(client, path === "/" ? "index.html" : `${path}/index.html`), "utf8");

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function metaContent(html: string, attr: "name" | "property", key: string): string | undefined {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return m?.[1] === undefined ? undefined : decode(m[1]);
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
}

interface JobPostingLd extends Record<string, unknown> {
  datePosted: string;
  validThrough: string;
  description: string;
  hiringOrganization: unknown;
  jobLocation: { address: unknown };
  experienceRequirements: { monthsOfExperience: number };
  educationRequirements: unknown[];
}

function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("every page's head", () => {
  it("has a unique title and description", () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of pages) {
      const html = htmlOf(path);
      const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
      const description = metaContent(html, "name", "description") ?? "";
      expect(title, path).not.toBe("");
      expect(description.length, `${path} description`).toBeGreaterThan(50);
      expect(titles.get(title), `title of ${path} repeats`).toBeUndefined();
      expect(descriptions.get(description), `description of ${path} repeats`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });

  it.each(pages)("%s has its canonical URL, Open Graph and Twitter tags, and its own social image", (path) => {
    const html = htmlOf(path);
    const url = `${siteUrl}${path === "/" ? "/" : path}`;
    expect(html.match(/<link\b[^>]*\brel="canonical"/g), "canonical links").toHaveLength(1);
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(url);
    expect(metaContent(html, "property", "og:url")).toBe(url);
    for (const key of ["og:title", "og:description", "og:type", "og:site_name"]) {
      expect(metaContent(html, "property", key), key).toBeTruthy();
    }
    for (const key of ["twitter:card", "twitter:title", "twitter:description", "twitter:image"]) {
      expect(metaContent(html, "name", key), key).toBeTruthy();
    }
    const image = metaContent(html, "property", "og:image") ?? "";
    expect(image.startsWith(`${siteUrl}/og/`)).toBe(true);
    expect(pngSize(join(client, new URL(image).pathname))).toEqual({ width: 1200, height: 630 });
  });
});

describe("structured data", () => {
  it("describes the company as an Organization on the home page", () => {
    const org = jsonLd(htmlOf("/")).find((d) => d["@type"] === "Organization");
    expect(org).toMatchObject({ name: "Blueberry Semiconductors", url: siteUrl });
    expect(org?.address).toMatchObject({ addressLocality: "Bengaluru", addressCountry: "IN" });
    expect(String(org?.logo)).toMatch(/^https?:\/\/.+\.png$/);
  });

  const jobPaths = pages.filter((p) => p.startsWith("/careers/jobs/vlsi/"));
  it.each(jobPaths)("%s carries a JobPosting with Google's required and recommended fields", (path) => {
    const job = jsonLd(htmlOf(path)).find((d) => d["@type"] === "JobPosting") as JobPostingLd;
    expect(job).toBeDefined();
    for (const field of ["title", "description", "datePosted", "validThrough", "employmentType", "directApply"]) {
      expect(job[field], field).toBeTruthy();
    }
    expect(job.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(job.validThrough).getTime()).toBeGreaterThan(new Date(job.datePosted).getTime());
    expect(job.hiringOrganization).toMatchObject({ "@type": "Organization", name: "Blueberry Semiconductors" });
    expect(job.jobLocation.address).toMatchObject({ addressLocality: "Bengaluru", addressCountry: "IN" });
    expect(job.experienceRequirements.monthsOfExperience).toBe(12);
    expect(job.educationRequirements.length).toBeGreaterThan(0);
    expect(job.description.length).toBeGreaterThan(200);
  });

  const detailPaths = pages.filter((p) => /^\/(casestudies|careers\/jobs\/vlsi|services)\/./.test(p));
  it.each(detailPaths)("%s has a BreadcrumbList ending at the page itself", (path) => {
    const crumbs = jsonLd(htmlOf(path)).find((d) => d["@type"] === "BreadcrumbList") as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    const items = crumbs.itemListElement;
    expect(items[0]).toMatchObject({ position: 1, item: `${siteUrl}/` });
    expect(items.at(-1)?.item).toBe(`${siteUrl}${path}`);
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
  });
});

describe("crawling aids", () => {
  it("lists every page in sitemap.xml, and robots.txt points to it", () => {
    const sitemap = readFileSync(join(client, "sitemap.xml"), "utf8");
    for (const path of pages) expect(sitemap).toContain(`<loc>${siteUrl}${path === "/" ? "/" : path}</loc>`);
    expect(readFileSync(join(client, "robots.txt"), "utf8")).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  it("publishes security.txt with a contact and an expiry", () => {
    const text = readFileSync(join(client, ".well-known/security.txt"), "utf8");
    expect(text).toMatch(/^Contact: mailto:.+@.+$/m);
    expect(new Date(/^Expires: (.+)$/m.exec(text)?.[1] ?? "").getTime()).toBeGreaterThan(Date.now());
  });
});
