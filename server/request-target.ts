/**
 * A request target read as the path and query this site answers for, without ever
 * throwing: whatever a client writes after the method is either a path and query or a
 * plain 400 (docs/decisions/0031).
 *
 * An origin-form target (`/about?x=1`) is read against a fixed authority, so `//x` is the
 * path `//x` and never a host; an absolute-form one (`http://host/about`, which HTTP/1.1
 * servers must accept) gives its path and query. `*` (OPTIONS only) and an authority
 * (CONNECT) are not paths: the caller answers them.
 */

/**
 * A target that is already the path the URL parser would make of it: segments of
 * letters, digits, '_', '~', '-' and '.', none starting with a dot, no query. Not '//', not
 * a dot segment, not a trailing slash; '/' itself. Such a target skips the parser on the
 * static path (docs/decisions/0029).
 */
const PLAIN_PATH = /^(?:(?:\/[\w~-][\w.~-]*)+|\/)$/;

const ABSOLUTE_FORM = /^https?:\/\//i;

export interface Target {
  /** Percent-encoded as the URL parser leaves it, dot segments resolved. */
  pathname: string;
  /** "" or "?…". */
  search: string;
}

/** The target's path and query; "*" for the asterisk form; null for anything else. */
export function parseTarget(raw: string): Target | "*" | null {
  if (PLAIN_PATH.test(raw)) return { pathname: raw, search: "" };
  if (raw === "*") return "*";
  let url: URL;
  try {
    if (raw.startsWith("/")) url = new URL(`http://localhost${raw}`);
    else if (ABSOLUTE_FORM.test(raw)) url = new URL(raw);
    else return null;
  } catch {
    return null;
  }
  return { pathname: url.pathname, search: url.search };
}

/**
 * The same-origin path a redirect may name for `pathname`: its leading run of slashes
 * made one, so `//evil.example` (which a browser reads as another site) becomes the path
 * `/evil.example`. The parser has already turned backslashes into slashes.
 */
export function sameOriginPath(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, "")}`;
}

/**
 * What a Host header (or a proxy's forwarded host) may be: a name or an IPv4 address, or
 * a bracketed IPv6 address, with an optional port of 1 to 65535. Nothing that would change
 * the URL built from it (`/`, `?`, `#`, `@`, spaces).
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}
