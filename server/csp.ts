/**
 * The Content-Security-Policy. Scripts run only from our origin or when inline and
 * either hashed at build time (prerendered pages, whose HTML never changes) or carrying
 * the per-request nonce (pages the server renders). No 'unsafe-inline' for scripts.
 */
import { createHash } from "node:crypto";

/** Where the prerendered pages' policies are written by the build, relative to BUILD_DIR. */
export const CSP_MANIFEST = "csp.json";

/** The same policies as an nginx `map` from the served file to its policy, beside CSP_MANIFEST. */
export const NGINX_CSP_MAP = "nginx-page-csp.conf";

/**
 * An nginx `map $uri $blueberry_csp` for deploy/nginx.conf: each prerendered page's
 * policy by its file (nginx's `$uri` names the file once `try_files` has found it), and
 * for every other file the policy our server sends with it.
 */
export function nginxCspMap(policies: Record<string, string>, fallback: string): string {
  const line = (key: string, value: string) => {
    if (/["\\\s]/.test(key) || /["\\]/.test(value)) throw new Error(`nginxCspMap: cannot quote ${key}`);
    return `    "${key}" "${value}";`;
  };
  return [
    "# Written by npm run build (scripts/build/postbuild.ts); included by deploy/nginx.conf.",
    "map $uri $blueberry_csp {",
    `    default "${fallback}";`,
    ...Object.entries(policies).map(([file, policy]) => line(file, policy)),
    "}",
    "",
  ].join("\n");
}

/**
 * `connect` adds origins the page may call: the static build sends its forms to EmailJS
 * and Firebase Storage from the browser.
 */
export function contentSecurityPolicy(
  scriptSources: readonly string[],
  { meta = false, connect = [] as readonly string[] } = {},
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self'",
    // React writes a few style attributes (e.g. counter widths); attributes cannot run code.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connect.join(" ")}`.trim(),
    // The office map, loaded only when the visitor asks for it.
    "frame-src https://www.openstreetmap.org",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ];
  // Browsers ignore frame-ancestors in a <meta> policy (and complain in the console).
  if (!meta) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

/** A CSP hash source (`'sha256-…'`) of an inline script's or style's text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The CSP hash sources of every inline, executable script in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    if (/\ssrc=/.test(attributes)) continue;
    // Data blocks (JSON-LD) are never executed, so the policy does not cover them.
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue;
    const body = match[2] ?? "";
    hashes.add(hashSource(body));
  }
  return [...hashes];
}
