/**
 * The server's own small HTML pages (the answer to a CV link, the editor's sign-in window):
 * one plain shape, not indexed, with its style allowed by hash so that a page's policy needs
 * no 'unsafe-inline'.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml } from "./visitor-text.ts";

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:0;padding:48px 24px;color:#1a1a2e;line-height:1.5}" +
  "main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem}a{color:#3b2f8f}";

/** The `style-src` source that allows the page's style, and nothing else. */
export const PLAIN_PAGE_STYLE_SOURCE = `'sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}'`;

export interface PlainPage {
  title: string;
  /** The page's content after its heading: HTML the caller built, with visitor text escaped. */
  bodyHtml: string;
  /** More of the head (a data block), HTML the caller built. */
  headHtml?: string;
  /** After the content (a script element), HTML the caller built. */
  endHtml?: string;
}

/** Sends the page with its status and headers (a Content-Security-Policy among them); HEAD gets no body. */
export function sendPlainPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  { title, bodyHtml, headHtml = "", endHtml = "" }: PlainPage,
  headers: Record<string, string>,
): void {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Blueberry Semiconductors</title>
<style>${STYLE}</style>
${headHtml}</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${bodyHtml}
</main>
${endHtml}</body>
</html>
`;
  const body = Buffer.from(html, "utf8");
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(body.length),
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
