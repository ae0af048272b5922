/**
 * Content files as the tests read them: the YAML under app/content, checked against its
 * schema, so a test expects what the build reads and not a copy of it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { parseFile } from "../../app/content/load.ts";
import { OrderSchema } from "../../app/content/schema.ts";
import { parseYamlFile } from "../../app/content/yaml-files.ts";

const contentDir = join(process.cwd(), "app/content");

/** One file's value (`file` under app/content, e.g. "pages/privacy.yaml"). */
export function contentFile<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  return parseFile(file, schema, parseYamlFile(file, readFileSync(join(contentDir, file), "utf8")));
}

/** The names (file names without .yaml) of a content folder's files, sorted. */
export function contentNames(folder: string): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
}

/** Every file of a content folder, sorted by name. */
export function contentFolder<S extends z.ZodType>(folder: string, schema: S): { name: string; value: z.output<S> }[] {
  return contentNames(folder).map((name) => ({ name, value: contentFile(`${folder}/${name}.yaml`, schema) }));
}

/**
 * A folder's files in the order the site lists them: those order.yaml names under `list`,
 * in that order, then the rest by name.
 */
export function contentInOrder<S extends z.ZodType>(
  list: keyof z.output<typeof OrderSchema>,
  folder: string,
  schema: S,
): { name: string; value: z.output<S> }[] {
  const named = contentFile("order.yaml", OrderSchema)[list];
  const files = contentFolder(folder, schema);
  const place = (name: string) => (named.includes(name) ? named.indexOf(name) : named.length);
  return files.sort((a, b) => place(a.name) - place(b.name) || a.name.localeCompare(b.name));
}
