/**
 * Validates raw content modules against the schemas and resolves image sizes.
 * Shared by the site's catalog (modules found by Vite) and `npm run check:content`
 * (modules found on disk), so both report the same errors the same way.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { INLINE_HTML_ALLOWED, sanitiseInlineHtml } from "./inline-html.server.ts";
import { PHOTO_SRC, type PhotoIndex, type PhotoSources } from "./photo-index.ts";
import {
  AboutPageSchema,
  CaseStudySchema,
  EducationProfilesSchema,
  GalleryImageSchema,
  HomePageSchema,
  JobSchema,
  LifePageSchema,
  MetricSchema,
  PartnerSchema,
  PressItemSchema,
  PrivacyPageSchema,
  SERVICE_IDS,
  ServiceSchema,
  TestimonialSchema,
} from "./schema.ts";
import { site } from "./site.ts";

/** A content file's path (relative to app/content) mapped to its default export. */
export type RawModules = Record<string, unknown>;

export interface RawContent {
  caseStudies: RawModules;
  jobs: RawModules;
  education: RawModules;
  services: RawModules;
  testimonials: RawModules;
  partners: RawModules;
  gallery: RawModules;
  press: RawModules;
  metrics: RawModules;
  home: RawModules;
  about: RawModules;
  life: RawModules;
  privacy: RawModules;
}

export interface SizedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** A photograph's built files (AVIF, WebP, fallback); SVG art has none. */
  sources?: PhotoSources;
}

/** Replaces every `{src, alt}` image in T with a SizedImage. */
export type WithSizes<T> = T extends { src: string; alt: string }
  ? SizedImage
  : T extends (infer U)[]
    ? WithSizes<U>[]
    : T extends object
      ? { [K in keyof T]: WithSizes<T[K]> }
      : T;

export class ContentError extends Error {
  override name = "ContentError";
}

/**
 * Where each part of the content lives under app/content: a folder (one file per item;
 * the case studies, jobs and services folders give one page each, app/pages.ts) or one
 * file. The site's catalog finds these files with Vite, `npm run check:content` on disk.
 */
export const CONTENT_LAYOUT = {
  caseStudies: "case-studies/",
  jobs: "jobs/",
  education: "education.ts",
  services: "services/",
  testimonials: "testimonials.ts",
  partners: "partners.ts",
  gallery: "gallery.ts",
  press: "press.ts",
  metrics: "metrics.ts",
  home: "pages/home.ts",
  about: "pages/about.ts",
  life: "pages/life.ts",
  privacy: "pages/privacy.ts",
} as const satisfies Record<keyof RawContent, string>;

const PARTS = Object.keys(CONTENT_LAYOUT) as (keyof RawContent)[];

/** The part of the content a file (path under app/content) belongs to. */
function partOf(file: string): keyof RawContent {
  const part = PARTS.find((key) => {
    const place: string = CONTENT_LAYOUT[key];
    return place.endsWith("/") ? file.startsWith(place) && !file.slice(place.length).includes("/") : file === place;
  });
  if (part) return part;
  throw new ContentError(
    `Content error in app/content/${file}: no part of the content lives here (see CONTENT_LAYOUT in app/content/load.ts)`,
  );
}

/** Sorts content files (path under app/content → value) into the parts of CONTENT_LAYOUT. */
export function byPart(files: RawModules): RawContent {
  // Filled at once: PARTS are the keys of CONTENT_LAYOUT, which names every part.
  const parts = {} as RawContent;
  for (const part of PARTS) parts[part] = {};
  for (const [file, value] of Object.entries(files)) parts[partOf(file)][file] = value;
  return parts;
}

function fieldPath(path: PropertyKey[]): string {
  return path.length === 0 ? "(the whole value)" : path.map(String).join(".");
}

/** Parses one file's value; on failure the message names the file and each wrong field. */
export function parseFile<S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  field "${fieldPath(i.path)}": ${i.message}`);
  throw new ContentError(`Content error in app/content/${file}:\n${problems.join("\n")}`);
}

const sizeCache = new Map<string, { width: number; height: number }>();

/** Reads an SVG's width and height attributes (photographs are sized by the photo pipeline). */
export function imageSize(publicDir: string, src: string): { width: number; height: number } {
  const cached = sizeCache.get(src);
  if (cached) return cached;
  let head: string;
  try {
    head = readFileSync(join(publicDir, src), "utf8").slice(0, 2000);
  } catch {
    throw new Error(`file public${src} does not exist`);
  }
  const svg = /<svg\b[^>]*>/.exec(head)?.[0] ?? "";
  const width = Number(/\bwidth="(\d+(?:\.\d+)?)"/.exec(svg)?.[1]);
  const height = Number(/\bheight="(\d+(?:\.\d+)?)"/.exec(svg)?.[1]);
  if (!(width > 0 && height > 0)) throw new Error(`file public${src} has no width and height`);
  const size = { width, height };
  sizeCache.set(src, size);
  return size;
}

/** A photograph's size and files from the photo pipeline's index, or why it is refused. */
function photoImage(src: string, alt: string, photos: PhotoIndex): SizedImage {
  const entry = Object.hasOwn(photos, src) ? photos[src] : undefined;
  if (!entry) throw new Error(`file public${src} is a photograph the build's photo pipeline was not given`);
  if ("error" in entry) throw new Error(entry.error);
  if (alt === "") throw new ImageFieldError("alt", "a photograph needs alt text: say what it shows");
  return { src, alt, width: entry.width, height: entry.height, sources: entry.sources };
}

/** An image problem that belongs to another field of the image than its src. */
class ImageFieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** Walks a parsed value and gives every image its size; errors name the file and field. */
function sizeImages<T>(
  file: string,
  publicDir: string,
  photos: PhotoIndex,
  value: T,
  path: string[] = [],
): WithSizes<T> {
  if (Array.isArray(value)) {
    return value.map((v, i) => sizeImages(file, publicDir, photos, v, [...path, String(i)])) as WithSizes<T>;
  }
  if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    if (typeof obj.src === "string" && typeof obj.alt === "string") {
      try {
        const image = PHOTO_SRC.test(obj.src)
          ? photoImage(obj.src, obj.alt, photos)
          : { src: obj.src, alt: obj.alt, ...imageSize(publicDir, obj.src) };
        return image as WithSizes<T>;
      } catch (error) {
        const where = fieldPath([...path, error instanceof ImageFieldError ? error.field : "src"]);
        throw new ContentError(
          `Content error in app/content/${file}:\n  field "${where}": ${(error as Error).message}`,
        );
      }
    }
    return Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, sizeImages(file, publicDir, photos, v, [...path, k])]),
    ) as WithSizes<T>;
  }
  return value as WithSizes<T>;
}

/** Where images are: SVG files under `publicDir`, photographs in the photo pipeline's index. */
interface ImagePlaces {
  publicDir: string;
  photos: PhotoIndex;
}

function parseEach<S extends z.ZodType>(modules: RawModules, schema: S, at: ImagePlaces) {
  return Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, value]) => ({
      file,
      data: sizeImages(file, at.publicDir, at.photos, parseFile(file, schema, value)),
    }));
}

function parseOnly<S extends z.ZodType>(modules: RawModules, schema: S, at: ImagePlaces) {
  const entries = Object.entries(modules);
  if (entries.length !== 1) throw new ContentError(`Expected exactly one file, found ${entries.length}`);
  const [file, value] = entries[0] as [string, unknown];
  return { file, data: sizeImages(file, at.publicDir, at.photos, parseFile(file, schema, value)) };
}

type ParsedCaseStudy = ReturnType<typeof parseEach<typeof CaseStudySchema>>[number]["data"];
type ParsedJob = ReturnType<typeof parseEach<typeof JobSchema>>[number]["data"];
type EducationProfiles = ReturnType<typeof parseOnly<typeof EducationProfilesSchema>>;

/**
 * Puts the degrees of the job's education profile (education.ts) on the job as
 * `preferredEducation`, so pages and structured data read the list itself.
 */
function withPreferredEducation(file: string, job: ParsedJob, profiles: EducationProfiles) {
  const { educationProfile, ...rest } = job;
  // hasOwn: a key such as "constructor" must not find something on the prototype.
  const degrees = Object.hasOwn(profiles.data, educationProfile) ? profiles.data[educationProfile] : undefined;
  if (!degrees) {
    throw new ContentError(
      `Content error in app/content/${file}:\n  field "educationProfile": "${educationProfile}" is not a profile in app/content/${profiles.file}; ` +
        `choose one of ${Object.keys(profiles.data).join(", ")}`,
    );
  }
  return { ...rest, preferredEducation: degrees };
}

/**
 * Sanitises the project description's paragraphs, the one field that may carry inline
 * HTML (decision 0009). Sanitising that changes anything fails the check, naming the file
 * and field, so an editor learns their markup was not allowed instead of seeing it vanish.
 */
function withInlineHtml(file: string, study: ParsedCaseStudy) {
  const section = study.sections.projectDescription;
  const desc = section?.desc?.map((raw, i) => {
    const result = sanitiseInlineHtml(raw);
    if (result.changed) {
      throw new ContentError(
        `Content error in app/content/${file}:\n  field "sections.projectDescription.desc.${i}": ` +
          `only ${INLINE_HTML_ALLOWED} are allowed, each closed in order; sanitising changed this paragraph.\n` +
          `    written: ${raw}\n    kept:    ${result.kept}`,
      );
    }
    return result.html;
  });
  return { ...study, sections: { ...study.sections, projectDescription: section && { ...section, desc } } };
}

function baseName(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.ts$/, "");
}

function requireFileNamedAfter(file: string, field: string, value: string) {
  if (baseName(file) !== value) {
    throw new ContentError(
      `Content error in app/content/${file}:\n  field "${field}": is "${value}" but the file is named ${baseName(file)}.ts; they must match`,
    );
  }
}

/** Two jobs with the same listOrder would leave the lists' order to chance. */
function requireUniqueListOrder(jobs: { file: string; data: { listOrder: number } }[]) {
  const seen = new Map<number, string>();
  for (const { file, data } of jobs) {
    const other = seen.get(data.listOrder);
    if (other !== undefined) {
      throw new ContentError(
        `Content error in app/content/${file}:\n  field "listOrder": ${data.listOrder} is also the listOrder of app/content/${other}; every job needs its own`,
      );
    }
    seen.set(data.listOrder, file);
  }
}

/**
 * `photos`: what the photo pipeline made of the photographs the content names
 * (scripts/build/photos/catalog.ts); without it, content that names a photograph is refused.
 */
export function loadContent(raw: RawContent, publicDir: string, photos: PhotoIndex = {}) {
  const at: ImagePlaces = { publicDir, photos };
  const caseStudies = parseEach(raw.caseStudies, CaseStudySchema, at).map(({ file, data }) => {
    requireFileNamedAfter(file, "slug", data.slug);
    return { file, data: withInlineHtml(file, data) };
  });
  const educationProfiles = parseOnly(raw.education, EducationProfilesSchema, at);
  const jobs = parseEach(raw.jobs, JobSchema, at).map(({ file, data }) => ({
    file,
    data: withPreferredEducation(file, data, educationProfiles),
  }));
  for (const { file, data } of jobs) requireFileNamedAfter(file, "slug", data.slug);
  requireUniqueListOrder(jobs);
  const services = parseEach(raw.services, ServiceSchema, at);
  for (const { file, data } of services) requireFileNamedAfter(file, "id", data.id);
  const missing = SERVICE_IDS.filter((id) => !services.some((s) => s.data.id === id));
  if (missing.length > 0) throw new ContentError(`Content error: no service file for ${missing.join(", ")}`);

  const testimonials = parseOnly(raw.testimonials, TestimonialSchema.array(), at);
  const featured = testimonials.data.filter((t) => t.featured).length;
  if (featured !== 1) {
    throw new ContentError(
      `Content error in app/content/${testimonials.file}:\n  field "featured": exactly one testimonial must be featured, found ${featured}`,
    );
  }

  const home = parseOnly(raw.home, HomePageSchema, at);
  const unknown = home.data.featuredCaseStudies.filter((s) => !caseStudies.some((c) => c.data.slug === s));
  if (unknown.length > 0) {
    throw new ContentError(
      `Content error in app/content/${home.file}:\n  field "featuredCaseStudies": no case study file for ${unknown.join(", ")}`,
    );
  }

  return {
    caseStudies: caseStudies
      .map((c) => c.data)
      .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title)),
    // Every openings list shows the jobs in this order (the company's order, set by each job's listOrder).
    jobs: jobs.map((j) => j.data).sort((a, b) => a.listOrder - b.listOrder),
    services: services.map((s) => s.data).sort((a, b) => a.order - b.order),
    testimonials: testimonials.data,
    partners: parseOnly(raw.partners, PartnerSchema.array(), at).data,
    gallery: parseOnly(raw.gallery, GalleryImageSchema.array(), at).data,
    press: parseOnly(raw.press, PressItemSchema.array(), at).data,
    metrics: parseOnly(raw.metrics, MetricSchema.array(), at).data,
    home: home.data,
    about: parseOnly(raw.about, AboutPageSchema, at).data,
    life: parseOnly(raw.life, LifePageSchema, at).data,
    privacy: parseOnly(raw.privacy, PrivacyPageSchema, at).data,
  };
}

export type Content = ReturnType<typeof loadContent>;
export type CaseStudyEntry = Content["caseStudies"][number];
export type JobEntry = Content["jobs"][number];
export type ServiceEntry = Content["services"][number];

/** Every item marked `sample: true`, described for a person: "testimonials.ts: Priya Sharma". */
export function sampleItems(content: Content): string[] {
  const found: string[] = [];
  for (const t of content.testimonials) if (t.sample) found.push(`testimonials.ts: testimonial of ${t.name}`);
  for (const p of content.partners) if (p.sample) found.push(`partners.ts: partner ${p.name}`);
  for (const g of content.gallery) if (g.sample) found.push(`gallery.ts: gallery picture "${g.caption}"`);
  for (const p of content.press) if (p.sample) found.push(`press.ts: press item "${p.title}"`);
  if (content.about.trackRecord.sample) found.push("pages/about.ts: the founders' track record");
  if (site.sample) found.push("site.ts: the office address, phone, e-mail addresses and social profiles");
  return found;
}
