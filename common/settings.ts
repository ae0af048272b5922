/**
 * The settings a build fixes: SITE_URL (canonical links, sitemap, Open Graph) and the two
 * retention periods the prerendered privacy notice states. One zod schema, read by the
 * build (app/ loaders, scripts/build/postbuild.ts, the static build), by the server's
 * environment (server/env.ts) and by the purge. The server build writes the values it
 * used to `<BUILD_DIR>/settings.json`; the server and the purge refuse retention periods
 * that differ from it, so the notice and the purge cannot disagree
 * (docs/decisions/0010-build-settings-fixed-by-the-build.md).
 *
 * Imported by code that Node runs unbundled (server/, scripts/): relative imports only.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { DEFAULT_RETENTION_DAYS, DEFAULT_SITE_URL } from "./defaults.ts";

const days = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number of days` })
    .int("must be a whole number of days")
    .min(1, "must be at least 1 day")
    .default(fallback);

/** The variables, as fields of an environment schema (server/env.ts spreads them into its own). */
export const BUILD_SETTINGS_FIELDS = {
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .default(DEFAULT_SITE_URL)
    .transform((url) => url.replace(/\/+$/, "")),
  RETENTION_CONTACT_DAYS: days("RETENTION_CONTACT_DAYS", DEFAULT_RETENTION_DAYS.contact),
  RETENTION_APPLICATION_DAYS: days("RETENTION_APPLICATION_DAYS", DEFAULT_RETENTION_DAYS.application),
};

const BuildSettingsSchema = z.object(BUILD_SETTINGS_FIELDS);

type BuildSettingsVariables = z.output<typeof BuildSettingsSchema>;

export interface BuildSettings {
  /** Without a trailing slash. */
  siteUrl: string;
  retentionDays: { contact: number; application: number };
}

export class SettingsError extends Error {
  override name = "SettingsError";
}

/** The settings from validated variables (these or an environment that includes them). */
export function buildSettingsOf(v: BuildSettingsVariables): BuildSettings {
  return {
    siteUrl: v.SITE_URL,
    retentionDays: { contact: v.RETENTION_CONTACT_DAYS, application: v.RETENTION_APPLICATION_DAYS },
  };
}

/** The settings from environment variables; an empty variable counts as unset. */
export function readBuildSettings(env: Record<string, string | undefined> = process.env): BuildSettings {
  const picked = Object.fromEntries(
    Object.keys(BUILD_SETTINGS_FIELDS).flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  const result = BuildSettingsSchema.safeParse(picked);
  if (result.success) return buildSettingsOf(result.data);
  const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
}

/** The file beside the built site that records the settings it was built with. */
export const BUILD_SETTINGS_FILE = "settings.json";

export function writeBuildSettings(buildDir: string, settings: BuildSettings): void {
  const variables: Record<keyof typeof BUILD_SETTINGS_FIELDS, string | number> = {
    SITE_URL: settings.siteUrl,
    RETENTION_CONTACT_DAYS: settings.retentionDays.contact,
    RETENTION_APPLICATION_DAYS: settings.retentionDays.application,
  };
  writeFileSync(join(buildDir, BUILD_SETTINGS_FILE), `${JSON.stringify(variables, null, 2)}\n`);
}

/** The settings a build recorded, validated again; null when that build recorded none. */
export function readBuiltSettings(buildDir: string): BuildSettings | null {
  const file = join(buildDir, BUILD_SETTINGS_FILE);
  if (!existsSync(file)) return null;
  let recorded: unknown;
  try {
    recorded = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    recorded = null;
  }
  const result = BuildSettingsSchema.safeParse(recorded);
  if (!result.success) throw new SettingsError(`${file} is not a valid record of build settings; build again.`);
  return buildSettingsOf(result.data);
}

/**
 * What is wrong when the retention periods in use differ from those the build's privacy
 * notice states: one line per variable, naming both values and what to do; empty when
 * they agree.
 */
export function retentionMismatches(built: BuildSettings, used: BuildSettings, buildDir: string): string[] {
  const pairs = [
    ["RETENTION_CONTACT_DAYS", built.retentionDays.contact, used.retentionDays.contact],
    ["RETENTION_APPLICATION_DAYS", built.retentionDays.application, used.retentionDays.application],
  ] as const;
  return pairs
    .filter(([, fixed, asked]) => fixed !== asked)
    .map(
      ([name, fixed, asked]) =>
        `  ${name}: is ${asked}, but the site in ${buildDir}/ was built with ${fixed} and its privacy notice says ${fixed} days. ` +
        `Set ${name}=${fixed}, or build again with ${name}=${asked} (npm run build).`,
    );
}
