/**
 * Validates the content files' values against the schemas and resolves image sizes.
 * Shared by the site's catalog (files found by Vite) and `npm run check:content`
 * (files found on disk), so both report the same errors the same way.
 */
import { readFileSync } from "node:fs";
import { isOpen } from "../../common/build-date.ts";
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
  OrderSchema,
  PartnerSchema,
  PressItemSchema,
  PrivacyPageSchema,
  SERVICE_IDS,
  ServiceSchema,
  slug as SlugSchema,
  TestimonialSchema,
} from "./schema.ts";
import { site } from "./site.ts";

/** A content file's path (relative to app/content) mapped to its value (parsed YAML). */
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
  order: RawModules;
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
 * Where each part of the content lives under app/content: a folder (one YAML file per
 * item, named for it; the case studies, jobs and services folders give one page each,
 * app/pages.ts) or one file. The site's catalog finds these files with Vite,
 * `npm run check:content` on disk.
 */
export const CONTENT_LAYOUT = {
  caseStudies: "case-studies/",
  jobs: "jobs/",
  education: "education.yaml",
  services: "services/",
  testimonials: "testimonials/",
  partners: "partners/",
  gallery: "gallery/",
  press: "press/",
  metrics: "metrics.yaml",
  order: "order.yaml",
  home: "pages/home.yaml",
  about: "pages/about.yaml",
  life: "pages/life.yaml",
  privacy: "pages/privacy.yaml",
} as const satisfies Record<keyof RawContent, string>;

const PARTS = Object.keys(CONTENT_LAYOUT) as (keyof RawContent)[];

/** The part of the content a file (path under app/content) belongs to. */
function partOf(file: string): keyof RawContent {
  const part = PARTS.find((key) => {
    const place: string = CONTENT_LAYOUT[key];
    return place.endsWith("/") ? file.startsWith(place) && !file.slice(place.length).includes("/") : file === place;
  });
  if (part && file.endsWith(".yaml")) return part;
  throw new ContentError(
    part
      ? `Content error in app/content/${file}: content files are YAML, named <name>.yaml`
      : `Content error in app/content/${file}: no part of the content lives here (see CONTENT_LAYOUT in app/content/load.ts)`,
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
  const problems = result.error.issues.flatMap((i) =>
    // A field the schema does not have: name each one (often a misspelling).
    i.code === "unrecognized_keys"
      ? i.keys.map((key) => `  field "${fieldPath([...i.path, key])}": is not a field here; check its spelling`)
      : [`  field "${fieldPath(i.path)}": ${i.message}`],
  );
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

/** Each file of a folder, by file name; `name` is the file's name, the item's slug. */
function parseEach<S extends z.ZodType>(modules: RawModules, schema: S, at: ImagePlaces) {
  return Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, value]) => ({
      file,
      name: nameOf(file),
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
 * Puts the degrees of the job's education profile (education.yaml) on the job as
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

/** A content file's name without its folder and `.yaml`. */
function baseName(file: string): string {
  return file.replace(/^.*\//, "").replace(/\.yaml$/, "");
}

/** An item's file name without `.yaml`: its slug (the address of its page, where it has one). */
function nameOf(file: string): string {
  const name = baseName(file);
  if (!SlugSchema.safeParse(name).success) {
    throw new ContentError(
      `Content error in app/content/${file}:\n  the file's name must be lower-case words joined by hyphens, e.g. dft-engineer.yaml; it is the page's address`,
    );
  }
  return name;
}

/**
 * The items in the order order.yaml gives by name; those it does not name follow, by name.
 * A name without its file is passed over (`staleOrderNames` warns of it): deleting an item
 * must not break the build.
 */
function inOrder<T extends { name: string }>(items: T[], names: string[]): T[] {
  const place = (item: T) => {
    const at = names.indexOf(item.name);
    return at === -1 ? names.length : at;
  };
  return [...items].sort((a, b) => place(a) - place(b) || a.name.localeCompare(b.name));
}

/** What a build loads the content with besides the files. */
export interface LoadOptions {
  /** The build's today (common/build-date.ts): openings closed or past their last day are left out. */
  today: string;
  /**
   * What the photo pipeline made of the photographs the content names
   * (scripts/build/photos/catalog.ts); without it, content that names a photograph is refused.
   */
  photos?: PhotoIndex;
}

/**
 * Every file is validated, closed openings too; `jobs` holds the open ones, in the
 * company's order, and `closedJobs` counts the others for the check's report.
 */
export function loadContent(raw: RawContent, publicDir: string, { today, photos = {} }: LoadOptions) {
  const at: ImagePlaces = { publicDir, photos };
  const order = parseOnly(raw.order, OrderSchema, at).data;
  const caseStudies = parseEach(raw.caseStudies, CaseStudySchema, at).map(({ file, name, data }) => ({
    slug: name,
    ...withInlineHtml(file, data),
  }));
  const educationProfiles = parseOnly(raw.education, EducationProfilesSchema, at);
  const jobs = parseEach(raw.jobs, JobSchema, at).map(({ file, name, data }) => ({
    name,
    data: { slug: name, ...withPreferredEducation(file, data, educationProfiles) },
  }));
  const services = parseEach(raw.services, ServiceSchema, at).map(({ file, name, data }) => {
    const id = SERVICE_IDS.find((known) => known === name);
    if (!id) {
      throw new ContentError(
        `Content error in app/content/${file}:\n  the file's name must be one of the services: ${SERVICE_IDS.join(", ")}`,
      );
    }
    return { id, ...data };
  });
  const missing = SERVICE_IDS.filter((id) => !services.some((s) => s.id === id));
  if (missing.length > 0) throw new ContentError(`Content error: no service file for ${missing.join(", ")}`);

  const testimonials = parseEach(raw.testimonials, TestimonialSchema, at);
  const featured = testimonials.filter((t) => t.data.featured).map((t) => `app/content/${t.file}`);
  if (featured.length !== 1) {
    throw new ContentError(
      `Content error in app/content/${CONTENT_LAYOUT.testimonials}:\n  field "featured": exactly one testimonial must be featured, ` +
        (featured.length === 0 ? "found none" : `found ${featured.length}: ${featured.join(", ")}`),
    );
  }

  const home = parseOnly(raw.home, HomePageSchema, at);
  const unknown = home.data.featuredCaseStudies.filter((s) => !caseStudies.some((c) => c.slug === s));
  if (unknown.length > 0) {
    throw new ContentError(
      `Content error in app/content/${home.file}:\n  field "featuredCaseStudies": no case study file for ${unknown.join(", ")}`,
    );
  }
  const ordered = <T extends { name: string; data: unknown }>(items: T[], names: string[]) =>
    inOrder(items, names).map((item) => item.data as T["data"]);

  return {
    caseStudies: caseStudies.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title)),
    // Every openings list shows the jobs in this order (order.yaml, as editors arrange them).
    jobs: ordered(jobs, order.openings).filter((job) => isOpen(job, today)),
    closedJobs: jobs.filter((job) => !isOpen(job.data, today)).length,
    services: services.sort((a, b) => a.order - b.order),
    testimonials: ordered(testimonials, order.testimonials),
    partners: ordered(parseEach(raw.partners, PartnerSchema, at), order.partners),
    gallery: ordered(parseEach(raw.gallery, GalleryImageSchema, at), order.gallery),
    press: parseEach(raw.press, PressItemSchema, at).map((p) => p.data),
    metrics: parseOnly(raw.metrics, MetricSchema.array(), at).data,
    home: home.data,
    about: parseOnly(raw.about, AboutPageSchema, at).data,
    life: parseOnly(raw.life, LifePageSchema, at).data,
    privacy: parseOnly(raw.privacy, PrivacyPageSchema, at).data,
  };
}

/** Names in order.yaml with no file of that name (an item deleted or renamed): for a warning. */
export function staleOrderNames(raw: RawContent): string[] {
  const order = OrderSchema.safeParse(Object.values(raw.order)[0]);
  if (!order.success) return [];
  const folders = { openings: raw.jobs, testimonials: raw.testimonials, gallery: raw.gallery, partners: raw.partners };
  return (Object.keys(folders) as (keyof typeof folders)[]).flatMap((list) => {
    const names = new Set(Object.keys(folders[list]).map(baseName));
    return order.data[list].filter((name) => !names.has(name)).map((name) => `${list}: ${name}`);
  });
}

export type Content = ReturnType<typeof loadContent>;
export type CaseStudyEntry = Content["caseStudies"][number];
export type JobEntry = Content["jobs"][number];
export type ServiceEntry = Content["services"][number];

/** Every item marked `sample: true`, described for a person: "testimonials/: testimonial of Priya Sharma". */
export function sampleItems(content: Content): string[] {
  const found: string[] = [];
  for (const t of content.testimonials) if (t.sample) found.push(`testimonials/: testimonial of ${t.name}`);
  for (const p of content.partners) if (p.sample) found.push(`partners/: partner ${p.name}`);
  for (const g of content.gallery) if (g.sample) found.push(`gallery/: gallery picture "${g.caption}"`);
  for (const p of content.press) if (p.sample) found.push(`press/: press item "${p.title}"`);
  if (content.about.trackRecord.sample) found.push("pages/about.yaml: the founders' track record");
  if (site.sample) found.push("site.ts: the office address, phone, e-mail addresses and social profiles");
  return found;
}
