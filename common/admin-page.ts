/**
 * The browser editor's page at /admin/ (Sveltia CMS, decision 0051): its path and the
 * headers it is served with, the same from our server, the deploy kit's nginx and a static
 * host. Its Content-Security-Policy is written by the build (it names the git host's API)
 * beside the pages' own policies; these are the headers that differ from a public page's.
 *
 * Imported by code that Node runs unbundled (server/, scripts/): relative imports only.
 */

/** The editor's page; with the slash, so the page's relative addresses resolve under it. */
export const ADMIN_PATH = "/admin/";

/**
 * Besides its policy: a search engine never lists it; the sign-in window it opens must be
 * able to report back (the site's `same-origin` would cut it off); never kept stale.
 */
export const ADMIN_HEADERS: Readonly<Record<string, string>> = {
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "X-Robots-Tag": "noindex",
  "Cache-Control": "no-cache",
};

/**
 * Where an editor's "Sign In with GitHub" starts in the server build: the editor opens its
 * sign-in window here, and GitHub sends it back to the callback (server/cms-sign-in.ts,
 * docs/decisions/0052). The build names the start in /admin/config.yml.
 */
export const CMS_SIGN_IN_PATH = "/admin/auth";
/** The callback URL registered in the company's GitHub OAuth app (`<site>/admin/auth/callback`). */
export const CMS_SIGN_IN_CALLBACK_PATH = "/admin/auth/callback";
/** The one script the callback's page runs: it hands the result to the editor's window. */
export const CMS_SIGN_IN_SCRIPT_PATH = "/admin/auth/sign-in.js";
/** Every path the sign-in answers; nothing else under /admin/auth is anything. */
export const CMS_SIGN_IN_PATHS: readonly string[] = [
  CMS_SIGN_IN_PATH,
  CMS_SIGN_IN_CALLBACK_PATH,
  CMS_SIGN_IN_SCRIPT_PATH,
];

/** Whether a URL path is the editor's page or one of its files. */
export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith(ADMIN_PATH);
}

/**
 * The editor's policy: its scripts only from our origin (its bundle is served from here)
 * and never inline; it talks to our origin and the git host's API alone. The relaxations
 * from a public page's policy, each named in decision 0051: inline styles (the editor's
 * components set them), `blob:` and `data:` pictures (previews of an upload before it is
 * committed), the git host's avatars.
 */
export function adminContentSecurityPolicy(gitApiOrigins: readonly string[], { meta = false } = {}): string {
  const api = gitApiOrigins.join(" ");
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https://avatars.githubusercontent.com ${api}`.trim(),
    "font-src 'self' data:",
    // data: and blob: are the editor's own pictures and uploads, read in the page; no network.
    `connect-src 'self' data: blob: ${api}`.trim(),
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  // Browsers ignore frame-ancestors in a <meta> policy (and complain in the console).
  if (!meta) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}
