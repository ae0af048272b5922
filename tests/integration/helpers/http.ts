/**
 * Requests as a browser (or a script) would send them to the site, and ways to read
 * the answer as the visitor would: the page's visible text, without the scripts that
 * carry the same data for hydration.
 */
import { request as httpRequest } from "node:http";
import { anOpenJob } from "../../support/content-picks.ts";
import { type FilePart, multipart } from "../../support/multipart.ts";
import { ROOT } from "../../support/site-server.ts";

export { type FilePart, multipart } from "../../support/multipart.ts";
export { pdfBytes } from "../../support/pdf.ts";

/** The opening the tests apply to: the first open one (tests/support/content-picks.ts). */
export const { slug: JOB_SLUG, title: JOB_TITLE, path: JOB_PATH } = anOpenJob();

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/**
 * A request through node:http, which (unlike fetch) may send any Host header: what a
 * proxy that preserves the visitor's Host (nginx `proxy_set_header Host $host`) sends.
 */
export function sendRaw(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") headers.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A plain HTML form post (application/x-www-form-urlencoded). */
export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export function postMultipart(
  url: string,
  fields: Record<string, string>,
  file?: FilePart,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const { body, contentType } = multipart(fields, file);
  return send(url, { method: "POST", headers: { "Content-Type": contentType, ...headers }, body });
}

/** What a visitor reads: scripts, styles, comments and tags removed, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Signs of a leaked stack trace: "    at fn (/path/file.ts:1:2)", absolute paths, node internals. */
export function stackTraceIn(body: string): string | null {
  const patterns = [
    /\n\s*at \S.*?(\(|\s)(\/|file:\/\/|node:)[^\s)]*:\d+(:\d+)?\)?/,
    /\bat [\w.<>$]+ \([^)]*\.(ts|tsx|js|mjs|cjs):\d+:\d+\)/,
    /node:internal\//,
    /node_modules\//,
  ];
  if (body.includes(ROOT)) return ROOT;
  for (const p of patterns) {
    const m = p.exec(body);
    if (m) return m[0];
  }
  return null;
}

/** A contact message posted to a running site, as its own page would send it. */
export function postContact(on: { origin: string }, fields: Record<string, string>): Promise<Answer> {
  return postForm(`${on.origin}/contact`, fields, { Origin: on.origin });
}

/** An application with a PDF CV posted to a running site's job page. */
export function postApplication(
  on: { origin: string },
  fields: Record<string, string>,
  fileName: string,
  bytes: Uint8Array,
): Promise<Answer> {
  return postMultipart(
    `${on.origin}${JOB_PATH}`,
    fields,
    { name: fileName, type: "application/pdf", bytes },
    { Origin: on.origin },
  );
}

/** Polls `probe` every 100 ms until it gives a value, or fails naming `what`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
