/**
 * The browser editor's configuration (Sveltia CMS, served at /admin/), made from the
 * content's zod schemas and layout (app/content/schema.ts, load.ts): every field of a
 * schema is a field in the editor, with the same name, whether it is required, its type,
 * its choices and its limits. A field added to a schema cannot be missing from the
 * editor or typed differently there (tests/unit/cms-config.test.ts holds the two
 * together). The schemas stay the one check: the editor's limits help an editor early,
 * `npm run check:content` decides.
 */
import { z } from "zod";
import type { CmsConfig, Collection, Field } from "@sveltia/cms";
import { JOB_CATEGORY_LABELS, SERVICE_TITLES } from "../../app/content/constants.ts";
import { CONTENT_LAYOUT } from "../../app/content/load.ts";
import { PART_SCHEMAS } from "../../app/content/schema.ts";

/** A JSON Schema node as zod writes it (`z.toJSONSchema`, the input side). */
export interface JsonNode {
  type?: string;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  enum?: (string | number)[];
  const?: string | number | boolean;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  description?: string;
  default?: unknown;
}

/** The input side of a schema, as JSON Schema: what a file may hold. */
export function inputShape(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonNode;
}

/** Where the repository is and how editors' changes reach it (README, "Editing content"). */
export interface CmsSettings {
  /** The public site (SITE_URL): the editor links to it. */
  siteUrl: string;
  /** `owner/name` on the git host. */
  repo: string;
  branch: string;
  /** `editorial_workflow`: each change is a pull request; `simple`: straight to the branch. */
  publishMode: "simple" | "editorial_workflow";
  /** The git host's REST API, when it is not GitHub's own (tests: a local stand-in). */
  apiRoot?: string;
  /**
   * Where the editor's sign-in window starts, a full URL: this server's `/admin/auth`, or a
   * sign-in service (an OAuth client such as sveltia-cms-auth). Unset: access tokens only.
   */
  authUrl?: string;
}

/** Field names whose plain-words form would not tell an editor what goes there. */
const LABELS: Record<string, string> = { desc: "Paragraphs", pointers: "Points" };

/** The files a picture field takes: the site's drawings and the photographs its pipeline encodes. */
const PICTURE_TYPES = "image/jpeg,image/png,image/svg+xml";

/** What an editor reads for a choice whose stored value is a code (the value stays the file's). */
const OPTION_LABELS: Record<string, string> = {
  ...JOB_CATEGORY_LABELS,
  FULL_TIME: "Full time",
  PART_TIME: "Part time",
  CONTRACTOR: "Contractor",
  INTERN: "Internship",
  ...SERVICE_TITLES,
};

/** A schema's choices as the editor shows them: each value with a label in words. */
function optionsOf(values: (string | number)[]): { label: string; value: string | number }[] {
  return values.map((value) => ({ label: OPTION_LABELS[String(value)] ?? String(value), value }));
}

/** What one entry of a list is called, by the list's field name; otherwise "Item". */
const ITEM_LABELS: Record<string, string> = {
  keySkills: "Skill",
  areasOfExpertise: "Area of expertise",
  description: "Paragraph",
  responsibilities: "Responsibility",
  desc: "Paragraph",
  pointers: "Point",
  openings: "Opening",
  testimonials: "Testimonial",
  gallery: "Picture",
  partners: "Partner",
};

/** "keySkills" → "Key skills". */
export function labelOf(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Numbers zod writes for "no limit" (the largest safe integer) are left out. */
const limit = (value: number | undefined) =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Choices for a field the schema leaves open but the content closes (a name from another file). */
export type Choices = Record<string, (string | { label: string; value: string })[]>;

interface FieldContext {
  /** The field's dotted path in the file (`*` for a list's items), for choices and relations. */
  path: string;
  choices: Choices;
  /** Fields that name items of another collection, by path: chosen from that collection's entries. */
  relations: Record<string, Relation>;
}

/** Another collection's entries, named by their file name. */
interface Relation {
  collection: string;
  display: string;
}

/** Single lines: short fields, and what a page shows as a heading or a name. */
const ONE_LINE = new Set([
  "title",
  "heading",
  "name",
  "designation",
  "caption",
  "source",
  "label",
  "team",
  "city",
  "region",
]);

/** A paragraph or a bullet, a summary, a message: a text area, not one line. */
function isLongText(name: string, node: JsonNode): boolean {
  if (node.maxLength !== undefined && node.maxLength <= 40) return false;
  return name === "item" || !ONE_LINE.has(name);
}

function relationField(base: object, relation: Relation): Field {
  return {
    ...base,
    widget: "relation",
    collection: relation.collection,
    value_field: "{{slug}}",
    display_fields: [relation.display],
    search_fields: [relation.display],
  } as Field;
}

/** An image: `{ src, alt }`, the picture chosen or uploaded, and what it shows. */
function isImage(node: JsonNode): boolean {
  const keys = Object.keys(node.properties ?? {});
  return node.type === "object" && keys.length === 2 && keys.includes("src") && keys.includes("alt");
}

/** `path`: the field's place in the file; a list's item is `<list>.*`. */
function fieldFor(
  name: string,
  node: JsonNode,
  required: boolean,
  at: FieldContext,
  path = at.path ? `${at.path}.${name}` : name,
): Field {
  const base = defined({
    name,
    label: labelOf(name),
    hint: node.description,
    required: required ? undefined : false,
  });
  const choices = at.choices[path];
  if (choices) return { ...base, widget: "select", options: choices } as Field;
  const relation = at.relations[path];
  if (relation) return relationField(base, relation);
  if (isImage(node)) {
    return {
      ...base,
      widget: "object",
      fields: [
        // What the photo pipeline takes (ImageSchema): no other type, no picture from another site.
        { name: "src", label: "Picture", widget: "image", accept: PICTURE_TYPES, choose_url: false },
        {
          name: "alt",
          label: "What the picture shows (alt text)",
          widget: "string",
          hint: "Say what a person would see; a photograph needs it.",
        },
      ],
    } as Field;
  }
  if (node.const !== undefined) return { ...base, widget: "hidden", default: node.const } as Field;
  if (node.enum) return { ...base, widget: "select", options: optionsOf(node.enum) } as Field;
  switch (node.type) {
    case "boolean":
      return { ...base, widget: "boolean" } as Field;
    case "integer":
    case "number":
      return defined({
        ...base,
        widget: "number",
        value_type: node.type === "integer" ? "int" : "float",
        min: limit(node.minimum),
        max: limit(node.maximum),
      }) as Field;
    case "string":
      if (node.format === "date") return { ...base, widget: "datetime", type: "date", format: "YYYY-MM-DD" } as Field;
      return defined({
        ...base,
        widget: isLongText(name, node) ? "text" : "string",
        maxlength: node.maxLength,
      }) as Field;
    case "array": {
      // A tuple (the home page's three case studies) is a list of its one item type, that long.
      const tuple = (node as { prefixItems?: JsonNode[] }).prefixItems;
      const items = typeof node.items === "object" ? node.items : (tuple?.[0] ?? {});
      const list = defined({
        ...base,
        widget: "list",
        min: tuple ? tuple.length : node.minItems,
        max: tuple ? tuple.length : node.maxItems,
      });
      if (items.type === "object" && !isImage(items)) {
        return { ...list, fields: fieldsOf(items, { ...at, path: `${path}.*` }) } as Field;
      }
      const item = fieldFor("item", items, true, at, `${path}.*`);
      // Each entry is announced by this label ("Skill", not "Item").
      return { ...list, field: { ...item, label: ITEM_LABELS[name] ?? item.label } } as Field;
    }
    case "object":
      return { ...base, widget: "object", fields: fieldsOf(node, { ...at, path }) } as Field;
    default:
      throw new Error(`The editor has no field for ${path} (JSON Schema type ${String(node.type)})`);
  }
}

/** The fields of an object node, in the schema's order. */
export function fieldsOf(node: JsonNode, at: FieldContext): Field[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, child]) =>
    // A field with a default (a job's location) may be left empty: the default applies.
    fieldFor(name, child, required.has(name) && child.default === undefined, at),
  );
}

interface ItemCollection {
  name: keyof typeof CONTENT_LAYOUT;
  label: string;
  singular: string;
  schema: z.ZodType;
  /** The field that names an item in lists, and makes a new file's name. */
  identifier: string;
  /** Services are the six the site is built around: edited, never added or removed. */
  fixed?: boolean;
}

const ITEM_COLLECTIONS: ItemCollection[] = [
  {
    name: "jobs",
    label: "Openings",
    singular: "Opening",
    schema: PART_SCHEMAS.jobs,
    identifier: "title",
  },
  {
    name: "caseStudies",
    label: "Case studies",
    singular: "Case study",
    schema: PART_SCHEMAS.caseStudies,
    identifier: "title",
  },
  {
    name: "services",
    label: "Services",
    singular: "Service",
    schema: PART_SCHEMAS.services,
    identifier: "title",
    fixed: true,
  },
  {
    name: "testimonials",
    label: "Testimonials",
    singular: "Testimonial",
    schema: PART_SCHEMAS.testimonials,
    identifier: "name",
  },
  { name: "press", label: "Press and media", singular: "Press item", schema: PART_SCHEMAS.press, identifier: "title" },
  {
    name: "gallery",
    label: "Life at Blueberry gallery",
    singular: "Picture",
    schema: PART_SCHEMAS.gallery,
    identifier: "caption",
  },
  { name: "partners", label: "Partner marks", singular: "Partner", schema: PART_SCHEMAS.partners, identifier: "name" },
];

/** The home page's, the order's and the openings' fields that name other items. */
const RELATIONS: Record<string, Relation> = {
  "featuredCaseStudies.*": { collection: "caseStudies", display: "title" },
  "openings.*": { collection: "jobs", display: "title" },
  "testimonials.*": { collection: "testimonials", display: "name" },
  "gallery.*": { collection: "gallery", display: "caption" },
  "partners.*": { collection: "partners", display: "name" },
};

const PAGE_FILES: { part: keyof typeof CONTENT_LAYOUT; label: string; schema: z.ZodType }[] = [
  { part: "order", label: "Order on the site", schema: PART_SCHEMAS.order },
  { part: "home", label: "Home page", schema: PART_SCHEMAS.home },
  { part: "about", label: "About page", schema: PART_SCHEMAS.about },
  { part: "life", label: "Life at Blueberry page", schema: PART_SCHEMAS.life },
  { part: "privacy", label: "Privacy notice", schema: PART_SCHEMAS.privacy },
  { part: "metrics", label: "Home page figures", schema: PART_SCHEMAS.metrics },
];

/** Where uploaded pictures go, under public/ (the photo pipeline takes them from there). */
export const UPLOADS_FOLDER = "images/uploads";

function itemCollection(item: ItemCollection, choices: Choices): Collection {
  return {
    name: item.name,
    label: item.label,
    label_singular: item.singular,
    folder: `app/content/${CONTENT_LAYOUT[item.name].replace(/\/$/, "")}`,
    extension: "yaml",
    format: "yaml",
    identifier_field: item.identifier,
    // A new item's file is named from its title: lower-case words joined by hyphens.
    slug: `{{${item.identifier}}}`,
    create: !item.fixed,
    delete: !item.fixed,
    fields: fieldsOf(inputShape(item.schema), { path: "", choices, relations: RELATIONS }),
  } as Collection;
}

function pageFile(page: (typeof PAGE_FILES)[number], choices: Choices) {
  const shape = inputShape(page.schema);
  const at = { path: "", choices, relations: RELATIONS };
  // A file that is one list (the figures) is edited as that list.
  const fields =
    shape.type === "array"
      ? [{ ...(fieldFor("items", shape, true, at) as object), root: true } as Field]
      : fieldsOf(shape, at);
  return defined({
    name: page.part,
    label: page.label,
    file: `app/content/${CONTENT_LAYOUT[page.part]}`,
    fields,
  });
}

/** A picture an editor uploads: a camera's full-size photograph fits; the build makes the small files. */
const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * How editors sign in. With a sign-in address, the editor opens its window at `base_url`
 * (the origin) + `auth_endpoint` (the path) and takes the token that window hands back;
 * without one, its "Sign In with GitHub" would go to Netlify's service (the editor's
 * default), which knows nothing of this site, so only an access token is offered.
 */
function signInOf(authUrl: string | undefined): Record<string, unknown> {
  if (!authUrl) return { auth_methods: ["token"] };
  const url = new URL(authUrl);
  return { base_url: url.origin, auth_endpoint: url.pathname.replace(/^\/+|\/+$/g, "") };
}

/**
 * The whole configuration. `choices`: the names a field may take that only the content
 * knows (a job's education profile, from education.yaml).
 */
export function cmsConfig(settings: CmsSettings, choices: Choices): CmsConfig {
  return {
    backend: defined({
      name: "github",
      repo: settings.repo,
      branch: settings.branch,
      api_root: settings.apiRoot,
      ...signInOf(settings.authUrl),
    }),
    publish_mode: settings.publishMode,
    media_folder: `public/${UPLOADS_FOLDER}`,
    public_folder: `/${UPLOADS_FOLDER}`,
    site_url: settings.siteUrl,
    logo_url: "/images/brand/mark.svg",
    // An optional field left empty is left out of the file, as the schemas expect (not `location: null`).
    output: { omit_empty_optional_fields: true },
    // Uploads only, named safely for a URL; no stock-photo services (third parties, refused by the policy anyway).
    media_libraries: {
      default: { config: { max_file_size: MAX_UPLOAD_BYTES, slugify_filename: true } },
      stock_assets: { providers: [] },
    },
    collections: [
      ...ITEM_COLLECTIONS.map((item) => itemCollection(item, choices)),
      {
        name: "pages",
        label: "Pages and lists",
        files: PAGE_FILES.map((page) => pageFile(page, choices)),
      } as Collection,
    ],
  } as CmsConfig;
}
