/**
 * Sanitises the limited inline HTML a case study's project description may carry
 * (decision 0009). Runs where the content is loaded and validated, at build time (the
 * content check and the server build's catalog), never in the browser: sanitize-html
 * stays out of the client bundle.
 *
 * Allowed: `a` with an absolute http, https or mailto href (external links get
 * rel="noopener noreferrer"), `em`, `strong`, `br`. Everything else goes: other tags
 * (their text stays, except script, style and the like), every other attribute (event
 * handlers, style, target, rel written by hand), and links to any other scheme, relative
 * or protocol-relative URLs (the tag goes, its text stays).
 *
 * The HTML to render also keeps terms such as "e-mail" and "4-receive" on one line, as
 * running text does elsewhere (app/lib/keep-terms.tsx); that is ours, not an editor's change.
 */
import sanitizeHtml from "sanitize-html";
import { keepStrandableTermsInHtml } from "../lib/keep-terms.tsx";
import type { InlineHtml } from "./inline-html.ts";
import { site } from "./site.ts";

const ALLOWED_TAGS = ["a", "em", "strong", "br"];
/** What an editor may write, for the content check's message. */
export const INLINE_HTML_ALLOWED = '<a href="…"> (http, https or mailto), <em>, <strong> and <br>';
const ALLOWED_SCHEMES = ["http", "https", "mailto"];
/** The company's own site: links to it are not external. */
const OWN_HOST = new URL(site.defaultUrl).hostname.replace(/^www\./, "");
/** A tag name no allow-list holds: a link renamed to it is dropped and its text kept. */
const DROPPED_LINK = "dropped-link";

/** The URL of an allowed href: absolute, with an allowed scheme; otherwise null. */
function allowedUrl(href: string | undefined): URL | null {
  if (href === undefined) return null;
  let url: URL;
  try {
    url = new URL(href.trim()); // no base: a relative URL throws
  } catch {
    return null;
  }
  return ALLOWED_SCHEMES.includes(url.protocol.slice(0, -1)) ? url : null;
}

function isExternal(url: URL): boolean {
  if (url.protocol === "mailto:") return false;
  return url.hostname.replace(/^www\./, "") !== OWN_HOST;
}

function strictOptions(addRel: boolean): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: addRel ? ["href", "rel"] : ["href"] },
    allowedSchemes: ALLOWED_SCHEMES,
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (_tagName, attribs) => {
        const url = allowedUrl(attribs.href);
        if (!url || attribs.href === undefined) return { tagName: DROPPED_LINK, attribs: {} };
        // Other attributes pass on to the allow-list, which drops them; rel is ours to set.
        const { rel: _written, ...rest } = attribs;
        const out: sanitizeHtml.Attributes = { ...rest, href: attribs.href.trim() };
        if (addRel && isExternal(url)) out.rel = "noopener noreferrer";
        return { tagName: "a", attribs: out };
      },
    },
  };
}

/**
 * Reads the markup as written, keeping every tag and attribute (for comparison with what
 * the strict pass keeps), and notes what the parser had to repair: a tag left open or
 * closed in the wrong order, a link inside a link.
 */
function readAsWritten(raw: string): { written: string; repaired: boolean } {
  let repaired = false;
  let linkDepth = 0;
  const written = sanitizeHtml(raw, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowProtocolRelative: false,
    onOpenTag: (name) => {
      if (name !== "a") return;
      linkDepth++;
      if (linkDepth > 1) repaired = true;
    },
    onCloseTag: (name, isImplied) => {
      if (name === "a") linkDepth--;
      // Void elements (br) always close implicitly; the others must be closed by hand.
      if (isImplied && ALLOWED_TAGS.includes(name) && name !== "br") repaired = true;
    },
  });
  // The parser drops a tag still open at the very end (`<img src=x onerror=...`) with all it holds.
  if (/<[a-zA-Z/!?][^>]*$/.test(raw)) repaired = true;
  return { written, repaired };
}

export interface SanitisedInlineHtml {
  /** Ready to render with dangerouslySetInnerHTML. */
  html: InlineHtml;
  /**
   * Sanitising changed what the editor meant: it dropped a tag, an attribute or a link's
   * URL, or repaired broken markup. Spelling the parser normalises (quotes, `<br>` as
   * `<br />`, `&` as `&amp;`, tag case) and comments are not changes.
   */
  changed: boolean;
  /** What was kept of the markup (without the rel we add), for the content check's message. */
  kept: string;
}

export function sanitiseInlineHtml(raw: string): SanitisedInlineHtml {
  const { written, repaired } = readAsWritten(raw);
  const kept = sanitizeHtml(raw, strictOptions(false));
  const html = sanitizeHtml(raw, { ...strictOptions(true), textFilter: keepStrandableTermsInHtml }) as InlineHtml;
  return { html, changed: repaired || kept !== written, kept };
}
