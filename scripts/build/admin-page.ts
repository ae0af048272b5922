/**
 * The browser editor at /admin/ in both builds (Sveltia CMS, decision 0051): its page, the
 * CMS's own bundle copied from node_modules (served from our origin: no CDN, no third-party
 * script), and config.yml made from the content's schemas (cms-config.ts). Not a
 * prerendered page: not in the sitemap, linked from nowhere on the site.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { z } from "zod";
import { adminContentSecurityPolicy, ADMIN_PATH, CMS_SIGN_IN_PATH } from "../../common/admin-page.ts";
import { buildTargetFromEnv } from "../../common/build-target.ts";
import { readBuildSettings, SettingsError } from "../../common/settings.ts";
import { type CmsSettings, cmsConfig } from "./cms-config.ts";

const GITHUB_API = "https://api.github.com";

const SIGN_IN_START =
  "must be the full address where signing in starts, its path included, e.g. https://www.example.com/admin/auth (this server) or https://auth.example.workers.dev/auth (a sign-in service)";

/** An http(s) address with a path to open and nothing the editor would drop: no query, fragment or credentials. */
function isSignInStart(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.pathname.replace(/\/+$/, "") !== "" &&
    !/[?#]/.test(value) &&
    url.username === "" &&
    url.password === ""
  );
}

const CmsEnvSchema = z.object({
  CMS_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, "must be the repository as owner/name, e.g. blueberry-semiconductors/website")
    .default("blueberry-semiconductors/website"),
  CMS_BRANCH: z
    .string()
    .regex(/^[\w./-]+$/, "must be a branch name")
    .default("main"),
  CMS_PUBLISH_MODE: z
    .enum(["editorial_workflow", "simple"], {
      error: "must be editorial_workflow (each change a pull request) or simple (straight to the branch)",
    })
    .default("editorial_workflow"),
  CMS_GIT_API: z
    .url({ protocol: /^https?$/, error: "must be the git host's API address, e.g. https://api.github.com" })
    .default(GITHUB_API)
    .transform((url) => url.replace(/\/+$/, "")),
  CMS_AUTH_URL: z
    .string()
    .refine(isSignInStart, SIGN_IN_START)
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
});

/**
 * The editor's settings from the build's environment; an empty variable counts as unset.
 * Editors sign in through CMS_AUTH_URL; the server build answers the sign-in itself, so
 * there it defaults to `SITE_URL/admin/auth` (docs/decisions/0052). A static build without
 * it offers access tokens only.
 */
export function readCmsSettings(env: Record<string, string | undefined> = process.env): CmsSettings {
  const picked = Object.fromEntries(
    Object.keys(CmsEnvSchema.shape).flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  const result = CmsEnvSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const v = result.data;
  const { siteUrl } = readBuildSettings(env);
  const authUrl =
    v.CMS_AUTH_URL ?? (buildTargetFromEnv(env) === "server" ? `${siteUrl}${CMS_SIGN_IN_PATH}` : undefined);
  return {
    siteUrl,
    repo: v.CMS_REPO,
    branch: v.CMS_BRANCH,
    publishMode: v.CMS_PUBLISH_MODE,
    ...(v.CMS_GIT_API === GITHUB_API ? {} : { apiRoot: v.CMS_GIT_API }),
    ...(authUrl ? { authUrl } : {}),
  };
}

/** The origins the editor's page talks to besides ours: the git host's API. */
export function gitApiOrigins(settings: CmsSettings): string[] {
  return [new URL(settings.apiRoot ?? GITHUB_API).origin];
}

/** A font the CMS's bundle would fetch from a CDN, and the same file from the Fontsource package on npm. */
interface CdnFont {
  url: string;
  /** Under /admin/fonts/. */
  name: string;
  packageDir: string;
  file: string;
  version: string;
}

const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@([\d.]+)\/([a-z0-9-]+\.woff2)/g;

/** The CDN fonts the bundle names, each with its package; names a package that is missing or at another version. */
export function cdnFonts(bundle: string, root = process.cwd()): CdnFont[] {
  return [...bundle.matchAll(CDN_FONT)].map(([url, id, variable, version, subsetFile]) => {
    const packageName = `@fontsource${variable ? "-variable" : ""}/${id}`;
    const packageDir = join(root, "node_modules", packageName);
    const name = `${id}-${subsetFile}`;
    const manifest = join(packageDir, "package.json");
    const installed = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version
      : null;
    if (installed !== version) {
      throw new Error(
        `The editor's bundle loads ${url}; serve it from our origin: npm install --save-dev --save-exact ${packageName}@${version}` +
          (installed ? ` (${installed} is installed)` : ""),
      );
    }
    return { url: url as string, name, packageDir, file: join(packageDir, "files", name), version: installed };
  });
}

/**
 * The editor adds its own viewport tag with `maximum-scale=1`, which stops a phone's pinch
 * zoom: an editor who needs larger text must be able to zoom, as on every page of ours.
 */
export function allowZoom(bundle: string): string {
  return bundle.replaceAll("`maximum-scale=1`,", "");
}

/**
 * The page: the CMS's bundle, and its configuration from an absolute path (it is at
 * /admin/, never /admin). Its policy also as a <meta>, as every page has, for a host that
 * sends no headers of ours.
 */
export function adminPageHtml(metaPolicy: string): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${metaPolicy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    "<title>Content editor | Blueberry Semiconductors</title>",
    `<link rel="cms-config-url" type="application/yaml" href="${ADMIN_PATH}config.yml">`,
    `<script src="${ADMIN_PATH}sveltia-cms.js"></script>`,
    "</head>",
    "<body></body>",
    "</html>",
    "",
  ].join("\n");
}

/**
 * Writes the page, the bundle and the configuration under `clientDir`/admin/, and returns
 * their policies by URL path (for csp.json, nginx's map and a static host's headers).
 */
export function writeAdminPage(
  clientDir: string,
  settings: CmsSettings,
  educationProfiles: string[],
): Record<string, string> {
  const dir = join(clientDir, ADMIN_PATH);
  mkdirSync(dir, { recursive: true });
  const origins = gitApiOrigins(settings);
  writeFileSync(join(dir, "index.html"), adminPageHtml(adminContentSecurityPolicy(origins, { meta: true })));
  // The bundle as published, but for the fonts it would fetch from a CDN: the same files
  // from their npm packages, served from here (no third party sees an editor's visit).
  let bundle = readFileSync(join(process.cwd(), "node_modules/@sveltia/cms/dist/sveltia-cms.js"), "utf8");
  mkdirSync(join(dir, "fonts"), { recursive: true });
  for (const font of cdnFonts(bundle)) {
    copyFileSync(font.file, join(dir, "fonts", font.name));
    bundle = bundle.replaceAll(font.url, `${ADMIN_PATH}fonts/${font.name}`);
  }
  writeFileSync(join(dir, "sveltia-cms.js"), allowZoom(bundle));
  const config = cmsConfig(settings, { educationProfile: educationProfiles });
  writeFileSync(
    join(dir, "config.yml"),
    `# Made by npm run build from app/content/schema.ts; do not edit.\n${stringify(config)}`,
  );
  const policy = adminContentSecurityPolicy(origins);
  return Object.fromEntries(["index.html", "sveltia-cms.js", "config.yml"].map((f) => [`${ADMIN_PATH}${f}`, policy]));
}
