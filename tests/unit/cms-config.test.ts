/**
 * The browser editor's configuration against the content's schemas: every field a schema
 * has is in the editor under the same name, required exactly when the schema requires it,
 * with the same type, choices and limits, and nothing the schema does not have. Walked
 * here from the schemas' own JSON Schema, not through the generator's code. And the whole
 * configuration is valid by Sveltia CMS's published schema of its configuration.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Collection, Field } from "@sveltia/cms";
import { CONTENT_LAYOUT } from "~/content/load";
import { PART_SCHEMAS } from "~/content/schema";
import { readRawContent } from "../../scripts/build/content-files.ts";
import { cmsConfig, type CmsSettings, type JsonNode } from "../../scripts/build/cms-config.ts";
import { readCmsSettings } from "../../scripts/build/admin-page.ts";

const profiles = Object.keys(Object.values(readRawContent(resolve("app/content")).education)[0] as object);
const config = cmsConfig(
  { siteUrl: "https://www.example.com", repo: "blueberry/site", branch: "main", publishMode: "editorial_workflow" },
  { educationProfile: profiles },
);
const collections = config.collections as Collection[];

/** Every part of the content but the education profiles, which engineers keep (decision 0051). */
const PARTS = (Object.keys(PART_SCHEMAS) as (keyof typeof PART_SCHEMAS)[])
  .filter((part) => part !== "education")
  .map((part) => ({ part, schema: PART_SCHEMAS[part] as z.ZodType }));

type AnyField = Field & Record<string, unknown>;

/** The editor's fields for a part of the content: a folder collection's, or a file's. */
function editorFields(part: keyof typeof CONTENT_LAYOUT): AnyField[] {
  const place = `app/content/${CONTENT_LAYOUT[part]}`;
  for (const collection of collections as (Collection & Record<string, unknown>)[]) {
    if (typeof collection.folder === "string" && `${collection.folder}/` === place) {
      return collection.fields as AnyField[];
    }
    const files = (collection.files ?? []) as { file: string; fields: AnyField[] }[];
    const file = files.find((f) => f.file === place);
    if (file) return file.fields;
  }
  throw new Error(`the editor has nothing for ${place}`);
}

/** How a schema node and an editor field differ, as lines naming the field; none when they agree. */
function differences(path: string, node: JsonNode, field: AnyField, required: boolean): string[] {
  const found: string[] = [];
  const say = (what: string) => found.push(`${path}: ${what}`);
  const editorRequired = field.required !== false;
  if (editorRequired !== required)
    say(`required is ${String(required)} in the schema, ${String(editorRequired)} in the editor`);
  const widget = field.widget ?? "string";
  const tuple = (node as { prefixItems?: JsonNode[] }).prefixItems;
  const items = typeof node.items === "object" ? node.items : tuple?.[0];
  const [minItems, maxItems] = tuple ? [tuple.length, tuple.length] : [node.minItems, node.maxItems];
  const keys = Object.keys(node.properties ?? {});
  if (node.type === "object" && keys.length === 2 && keys.includes("src") && keys.includes("alt")) {
    const sub = (field.fields ?? []) as AnyField[];
    if (widget !== "object" || sub.find((f) => f.name === "src")?.widget !== "image")
      say("an image must be a picture field");
    if (!sub.some((f) => f.name === "alt")) say("an image needs its alt text field");
    return found;
  }
  if (node.const !== undefined) {
    if (widget !== "hidden" || field.default !== node.const) say(`the fixed value ${String(node.const)} must be kept`);
  } else if (node.enum) {
    if (widget !== "select") say(`choices must be a select, not ${widget}`);
    else {
      // A choice may carry a label for the editor; the value stored is the schema's.
      const values = ((field.options ?? []) as unknown[]).map((o) =>
        typeof o === "object" && o !== null ? (o as { value: unknown }).value : o,
      );
      if (JSON.stringify(values) !== JSON.stringify(node.enum)) say("the choices differ");
    }
  } else if (node.type === "boolean") {
    if (widget !== "boolean") say(`a yes/no must be a boolean, not ${widget}`);
  } else if (node.type === "integer" || node.type === "number") {
    if (widget !== "number") say(`a number must be a number field, not ${widget}`);
    if (node.type === "integer" && field.value_type !== "int") say("a whole number must be value_type int");
    const min = Math.abs(node.minimum ?? 0) < Number.MAX_SAFE_INTEGER ? node.minimum : undefined;
    const max = Math.abs(node.maximum ?? 0) < Number.MAX_SAFE_INTEGER ? node.maximum : undefined;
    if (field.min !== min || field.max !== max)
      say(`limits ${min}–${max} in the schema, ${String(field.min)}–${String(field.max)} in the editor`);
  } else if (node.type === "string") {
    if (node.format === "date") {
      if (widget !== "datetime" || field.type !== "date" || field.format !== "YYYY-MM-DD")
        say("a date must be a date field writing YYYY-MM-DD");
    } else if (!["string", "text", "select", "relation"].includes(widget))
      say(`text must be a text field, not ${widget}`);
    else if ((widget === "string" || widget === "text") && field.maxlength !== node.maxLength) {
      say(`at most ${String(node.maxLength)} characters in the schema, ${String(field.maxlength)} in the editor`);
    }
  } else if (node.type === "array") {
    if (widget !== "list" && !(widget === "relation" && field.multiple)) say(`a list must be a list, not ${widget}`);
    if (field.min !== minItems || field.max !== maxItems) {
      say(
        `${String(minItems)}–${String(maxItems)} items in the schema, ${String(field.min)}–${String(field.max)} in the editor`,
      );
    }
    if (items?.type === "object" && Array.isArray(field.fields)) {
      found.push(...objectDifferences(`${path}.*`, items, field.fields as AnyField[]));
    } else if (items && field.field) {
      found.push(...differences(`${path}.*`, items, field.field as AnyField, true));
    } else say("the list's items have no field");
  } else if (node.type === "object") {
    if (widget !== "object") say(`a group of fields must be an object, not ${widget}`);
    else found.push(...objectDifferences(path, node, (field.fields ?? []) as AnyField[]));
  } else {
    say(`the schema's type ${String(node.type)} has no check here`);
  }
  return found;
}

function objectDifferences(path: string, node: JsonNode, fields: AnyField[]): string[] {
  const found: string[] = [];
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  for (const [name, child] of Object.entries(properties)) {
    const field = fields.find((f) => f.name === name);
    const at = path ? `${path}.${name}` : name;
    if (!field) found.push(`${at}: in the schema, missing from the editor`);
    else found.push(...differences(at, child, field, required.has(name) && child.default === undefined));
  }
  for (const field of fields) {
    if (!(field.name in properties))
      found.push(`${path ? `${path}.` : ""}${field.name}: in the editor, not in the schema`);
  }
  return found;
}

describe("the editor's configuration", () => {
  it.each(PARTS)(
    "$part: every field of the schema, the same name, requirement, type, choices and limits",
    ({ part, schema }) => {
      const shape = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonNode;
      const fields = editorFields(part);
      const found =
        shape.type === "array"
          ? differences("(the list)", shape, { ...(fields[0] as AnyField), required: undefined } as AnyField, true)
          : objectDifferences("", shape, fields);
      expect(found).toEqual([]);
    },
  );

  it("has every part of the content but the education profiles, which engineers keep", () => {
    const edited = new Set<string>(PARTS.map((p) => p.part));
    expect(Object.keys(CONTENT_LAYOUT).filter((part) => !edited.has(part))).toEqual(["education"]);
  });

  it("offers a job exactly the education profiles education.yaml has", () => {
    const field = editorFields("jobs").find((f) => f.name === "educationProfile");
    expect(field?.widget).toBe("select");
    expect(field?.options).toEqual(profiles);
    expect(profiles.length).toBeGreaterThan(1);
  });

  it("orders the openings, testimonials, gallery and partners by choosing their entries, in a list that can be dragged", () => {
    const order = editorFields("order");
    for (const [name, collection] of [
      ["openings", "jobs"],
      ["testimonials", "testimonials"],
      ["gallery", "gallery"],
      ["partners", "partners"],
    ]) {
      const list = order.find((f) => f.name === name);
      expect(list?.widget, name).toBe("list");
      expect((list?.field as AnyField | undefined)?.widget, name).toBe("relation");
      expect((list?.field as AnyField | undefined)?.collection, name).toBe(collection);
    }
  });

  it("lets editors add and remove openings and case studies, never the six services", () => {
    const byName = (name: string) => collections.find((c) => c.name === name) as Record<string, unknown>;
    expect(byName("jobs")).toMatchObject({ create: true, delete: true, extension: "yaml", format: "yaml" });
    expect(byName("caseStudies")).toMatchObject({ create: true, delete: true });
    expect(byName("services")).toMatchObject({ create: false, delete: false });
  });

  it("is valid by Sveltia CMS's own schema of its configuration", () => {
    expectValid(config);
  });
});

/** Validated against Sveltia CMS's published schema of its configuration. */
function expectValid(value: unknown) {
  const schema = JSON.parse(readFileSync("node_modules/@sveltia/cms/schema/sveltia-cms.json", "utf8")) as object;
  // Formats (regex, uri) are Sveltia's own notes, not checks of ours.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, logger: false });
  const valid = ajv.validate(schema, value);
  expect(ajv.errors ?? [], JSON.stringify(ajv.errors?.slice(0, 5))).toEqual([]);
  expect(valid).toBe(true);
}

describe("how editors sign in (CMS_AUTH_URL, docs/decisions/0052)", () => {
  const backendOf = (settings: CmsSettings) => {
    const built = cmsConfig(settings, { educationProfile: profiles });
    expectValid(built);
    return built.backend as unknown as Record<string, unknown>;
  };
  const SITE = { SITE_URL: "https://www.example.com" };

  it("in the server build, starts at this site's own /admin/auth: base_url its origin, auth_endpoint the path", () => {
    const settings = readCmsSettings(SITE);
    expect(settings.authUrl).toBe("https://www.example.com/admin/auth");
    const backend = backendOf(settings);
    expect(backend).toMatchObject({ base_url: "https://www.example.com", auth_endpoint: "admin/auth" });
    expect(backend.auth_methods).toBeUndefined();
  });

  it("in the static build without CMS_AUTH_URL, offers access tokens only (no button that would go to Netlify's service)", () => {
    const settings = readCmsSettings({ ...SITE, BUILD_TARGET: "static" });
    expect(settings.authUrl).toBeUndefined();
    const backend = backendOf(settings);
    expect(backend.auth_methods).toEqual(["token"]);
    expect(backend.base_url).toBeUndefined();
    expect(backend.auth_endpoint).toBeUndefined();
  });

  it.each([
    ["static", "https://auth.example.workers.dev/auth", "https://auth.example.workers.dev", "auth"],
    ["static", "https://auth.example.workers.dev/auth/", "https://auth.example.workers.dev", "auth"],
    ["server", "https://sign-in.example.com/oauth/start", "https://sign-in.example.com", "oauth/start"],
    ["server", "http://127.0.0.1:3000/admin/auth", "http://127.0.0.1:3000", "admin/auth"],
  ])("in the %s build, CMS_AUTH_URL=%s opens %s + %s", (target, url, baseUrl, endpoint) => {
    const backend = backendOf(readCmsSettings({ ...SITE, BUILD_TARGET: target, CMS_AUTH_URL: url }));
    expect(backend).toMatchObject({ base_url: baseUrl, auth_endpoint: endpoint });
    expect(backend.auth_methods).toBeUndefined();
  });

  it.each([
    "https://auth.example.workers.dev",
    "https://auth.example.workers.dev/",
    "https://auth.example.workers.dev/auth?site=x",
    "https://auth.example.workers.dev/auth#x",
    "https://user:pw@auth.example.workers.dev/auth",
    "ftp://auth.example.workers.dev/auth",
    "auth.example.workers.dev/auth",
  ])("refuses CMS_AUTH_URL=%s, saying it must be the full address where signing in starts", (url) => {
    expect(() => readCmsSettings({ ...SITE, CMS_AUTH_URL: url })).toThrow(
      /CMS_AUTH_URL: must be the full address where signing in starts, its path included, e\.g\. https:\/\/www\.example\.com\/admin\/auth/,
    );
  });
});
