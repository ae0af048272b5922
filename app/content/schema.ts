/**
 * The shape of every content file (YAML under app/content). The catalog and
 * `npm run check:content` validate each file against these schemas and name the file and
 * field that is wrong. A case study's, job's or service's slug is its file's name, not a
 * field: the loader adds it.
 */
import { z } from "zod";

export {
  CASE_STUDY_SECTIONS,
  type CaseStudySectionKey,
  SERVICE_IDS,
  SERVICE_TITLES,
  type ServiceId,
} from "./constants.ts";

import { CASE_STUDY_SECTIONS, type CaseStudySectionKey, JOB_CATEGORIES, SERVICE_IDS } from "./constants.ts";
import { IMAGE_SRC } from "./photo-index.ts";
import { site } from "./site.ts";

export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens");
const text = z.string().trim().min(1, "must not be empty");
const paragraphs = z.array(text).min(1, "needs at least one paragraph");
const list = z.array(text).min(1, "needs at least one item");
const isoDate = z.iso.date("must be a date written YYYY-MM-DD");

/**
 * An image in `public/images/`: SVG art, or a JPEG or PNG photograph, which the build turns
 * into AVIF and WebP at several widths (decision 0020). Width and height are read from the
 * file by the catalog.
 */
export const ImageSchema = z.strictObject({
  src: z
    .string()
    .regex(/^\/images\/[a-z0-9/_-]+\.[a-z0-9]+$/, "must be a path under /images/ in lower-case words")
    .regex(IMAGE_SRC, "must be an .svg drawing or a .jpg, .jpeg or .png photograph (convert other types first)"),
  alt: z.string().trim(), // empty only for decorative art; a photograph needs it (load.ts)
});

/** Marks an invented item that a real company must replace before launch (the editor may write false). */
const sample = z.boolean().optional();

// ---------------------------------------------------------------- case studies

/**
 * A section of a case study: paragraphs and/or bullet pointers, at least one of them.
 * Plain text, except the paragraphs (`desc`) of `projectDescription`, which may carry
 * limited inline HTML: <a href> (http, https, mailto), <em>, <strong>, <br>. The loader
 * sanitises them and fails the check if that drops anything (decision 0009).
 */
export const SectionSchema = z
  .strictObject({ desc: z.array(text).optional(), pointers: z.array(text).optional() })
  .refine((s) => (s.desc?.length ?? 0) + (s.pointers?.length ?? 0) > 0, {
    message: "needs desc or pointers",
  });

const AccomplishmentsSchema = z.strictObject({
  /** What was verified of the decoder scheme. */
  decoderSchemeVerification: list,
  /** The encoder scheme's verification status, e.g. "In progress". */
  encoderSchemeVerification: text,
});

const sectionShape = Object.fromEntries(
  (Object.keys(CASE_STUDY_SECTIONS) as CaseStudySectionKey[])
    .filter((k) => k !== "accomplishments")
    .map((k) => [k, SectionSchema.optional()]),
) as Record<Exclude<CaseStudySectionKey, "accomplishments">, z.ZodOptional<typeof SectionSchema>>;

export const CaseStudySchema = z
  .strictObject({
    title: text,
    /** One or two sentences: the card's and the page's description. */
    summary: text,
    /**
     * The outcome in one short line, from the study's own facts: what improved, by how
     * much, for what kind of client. Cards show it, and the page opens with it.
     */
    result: text.max(120, "must be at most 120 characters: one short line"),
    service: z.enum(SERVICE_IDS),
    date: isoDate,
    thumbnail: ImageSchema,
    image: ImageSchema,
    facts: z.strictObject({
      name: text,
      domain: text,
      technology: text,
      tools: text,
      application: text.optional(),
      language: text.optional(),
    }),
    sections: z
      .strictObject({ ...sectionShape, accomplishments: AccomplishmentsSchema.optional() })
      .describe("Tick at least four sections and write each one's paragraphs, points or both."),
  })
  .refine((c) => Object.values(c.sections).filter(Boolean).length >= 4, {
    message: "needs at least four sections",
    path: ["sections"],
  });

// -------------------------------------------------------------------- services

export const ServiceSchema = z.strictObject({
  /** Position in menus and on the home page, 1 first. */
  order: z.number().int().min(1).max(6),
  title: text,
  /** The home-page card's one or two sentences. */
  cardSummary: text,
  metaDescription: text.max(160, "must be at most 160 characters"),
  heading: text,
  intro: paragraphs,
  /** Bullet lists, each under its own heading (a single list may have a heading too). */
  offerings: z.array(z.strictObject({ heading: text, items: list })).min(1),
  image: ImageSchema,
  cardImage: ImageSchema,
});

// ------------------------------------------------------------------------ jobs

export const JobSchema = z
  .strictObject({
    title: text,
    /** Which list it appears in. */
    category: z.enum(JOB_CATEGORIES),
    /** The discipline the engineer joins ("Physical Design", "RTL/FPGA"): the card's first fact. */
    team: z
      .string({ error: 'needs the discipline the engineer joins, e.g. "Physical Design"' })
      .trim()
      .min(1, "must not be empty")
      .max(24, "must be at most 24 characters: a short team name"),
    /**
     * Two or three skills from its areas of expertise, a few words each ("SystemVerilog/UVM",
     * "Scan & ATPG"): what sets the card apart from the others in the list.
     */
    keySkills: z
      .array(text.max(24, "must be at most 24 characters: a skill in a few words"), {
        error: 'needs two or three short skills from areasOfExpertise, e.g. ["Scan & ATPG", "Memory BIST"]',
      })
      .min(2, "needs two or three skills")
      .max(3, "must name at most three skills: the card shows the ones that set the job apart"),
    /** Where the job is; the company's office (site.ts) when the file leaves it out. */
    location: z
      .strictObject({ city: text, region: text, country: z.literal("IN") })
      .default(() => ({ city: site.address.locality, region: site.address.region, country: site.address.country })),
    experienceYears: z
      .strictObject({ min: z.number().int().min(0), max: z.number().int().max(40) })
      .describe("The fewest and the most years asked for; the most must not be below the fewest."),
    /** The key of a profile in education.yaml; the loader puts that profile's degrees on the job. */
    educationProfile: slug,
    areasOfExpertise: list,
    /** Paragraphs shown on the page and sent to search engines. */
    description: paragraphs,
    responsibilities: list,
    employmentType: z.enum(["FULL_TIME", "PART_TIME", "CONTRACTOR", "INTERN"]),
    datePosted: isoDate,
    /** Its last day: the first build after it leaves the opening off the site (common/build-date.ts). */
    validThrough: isoDate,
    /** Closed before its last day: off the site at the next build, its file kept. */
    closed: z.boolean().optional(),
    metaDescription: text.max(160, "must be at most 160 characters"),
  })
  .refine((j) => j.experienceYears.min <= j.experienceYears.max, {
    message: "min must not exceed max",
    path: ["experienceYears"],
  })
  .refine((j) => j.datePosted < j.validThrough, {
    message: "must be after datePosted",
    path: ["validThrough"],
  });

/** education.yaml: the preferred degrees of jobs, by profile name (a job's `educationProfile`). */
export const EducationProfilesSchema = z.record(slug, list);

// ---------------------------------------------------------------- people & art

export const TestimonialSchema = z.strictObject({
  name: text,
  designation: text,
  message: text,
  /** The one quote shown large above the grid. */
  featured: z.boolean().optional(),
  /** A photograph of the person (square is best); without one the page draws their initials. */
  portrait: ImageSchema.optional(),
  sample,
});

export const PartnerSchema = z.strictObject({ name: text, logo: ImageSchema, sample });

export const GalleryImageSchema = z.strictObject({ image: ImageSchema, caption: text, sample });

export const PressItemSchema = z.strictObject({
  image: ImageSchema,
  /** The headline, as the publication ran it. */
  title: text,
  /** The publication (or the event, for a talk or an award). */
  source: text,
  date: isoDate,
  /**
   * The article on the publication's own site, when it is online: the card links to it.
   * An absolute https:// address with a host name (no http, no relative path).
   */
  url: z
    .url({
      protocol: /^https$/,
      hostname: z.regexes.domain,
      error: "must be the article's full address, starting https://",
    })
    .regex(/^https:\/\/[^/]/, "must be the article's full address, starting https://")
    .optional(),
  sample,
});

export const MetricSchema = z.strictObject({ label: text, value: z.number().int().positive() });

/**
 * order.yaml: the order in which the site lists openings, testimonials, gallery pictures
 * and partner marks, by file name, as editors arrange them. An item not named comes after
 * those that are, by file name; a name without its file is passed over (the check warns).
 */
const orderOf = (items: string) =>
  z
    .array(slug)
    .describe(`Drag the ${items} into the order the site lists them; a new one comes after these until you place it.`);

export const OrderSchema = z.strictObject({
  openings: orderOf("openings"),
  testimonials: orderOf("testimonials"),
  gallery: orderOf("pictures"),
  partners: orderOf("partners"),
});

// ----------------------------------------------------------------------- pages

const TitledText = z.strictObject({ heading: text, body: paragraphs });

export const HomePageSchema = z.strictObject({
  heroTitle: text,
  heroTagline: text,
  fuelling: z.strictObject({ heading: text, body: paragraphs, image: ImageSchema }),
  /** The three case studies the home page shows, by slug (file name), in this order. */
  featuredCaseStudies: z.tuple([slug, slug, slug]),
  metricsLead: MetricSchema,
  metricsIntro: text,
  partnersIntro: text,
  servicesIntro: text,
});

export const AboutPageSchema = z.strictObject({
  metaDescription: text.max(160),
  bannerTagline: text,
  introduction: TitledText.extend({ image: ImageSchema }),
  businessModel: TitledText.extend({
    models: z.array(z.strictObject({ name: text, description: text })).min(1),
  }),
  trackRecord: TitledText.extend({ highlights: list, sample }),
  mission: TitledText,
  vision: TitledText,
  goal: TitledText,
});

export const LifePageSchema = z.strictObject({
  metaDescription: text.max(160),
  bannerTagline: text,
  rapidGrowth: TitledText,
  workCulture: TitledText,
  careerAcceleration: TitledText,
  careerProgression: TitledText,
  workEnvironment: TitledText,
  benefits: z.strictObject({ heading: text, items: list }),
});

export const PrivacyPageSchema = z.strictObject({
  /** Stored with every application's consent; change it whenever the notice changes. */
  version: isoDate,
  metaDescription: text.max(160),
  intro: paragraphs,
  sections: z
    .array(
      z.strictObject({
        heading: text,
        body: paragraphs,
        items: z.array(text).optional(),
        /**
         * What the section says instead in the static build, where the forms send through
         * EmailJS and Firebase Storage and no store of ours holds anything (decision 0006).
         */
        inStaticBuild: z.strictObject({ body: paragraphs.optional(), items: z.array(text).optional() }).optional(),
      }),
    )
    .min(1),
});

/** Each part of the content's schema, by its name in CONTENT_LAYOUT (load.ts). */
export const PART_SCHEMAS = {
  caseStudies: CaseStudySchema,
  jobs: JobSchema,
  education: EducationProfilesSchema,
  services: ServiceSchema,
  testimonials: TestimonialSchema,
  partners: PartnerSchema,
  gallery: GalleryImageSchema,
  press: PressItemSchema,
  metrics: MetricSchema.array(),
  order: OrderSchema,
  home: HomePageSchema,
  about: AboutPageSchema,
  life: LifePageSchema,
  privacy: PrivacyPageSchema,
} as const;
