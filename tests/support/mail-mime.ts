/**
 * Just enough RFC 822 / MIME reading to assert on what nodemailer produced, without a
 * mail-parsing dependency: the raw header block, unfolded headers, encoded words,
 * multipart bodies, and base64 / quoted-printable content.
 */

export interface MimePart {
  /** The header lines as they stand, folded continuation lines kept separate. */
  rawHeaderLines: string[];
  /** Unfolded headers, names lower-cased, in order. */
  headers: { name: string; value: string }[];
  /** The body as text, still transfer-encoded. */
  body: string;
  parts: MimePart[];
}

export function parseMessage(raw: string | Buffer): MimePart {
  const text = (typeof raw === "string" ? raw : raw.toString("latin1")).replace(/\r\n/g, "\n");
  const split = text.indexOf("\n\n");
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? "" : text.slice(split + 2);
  const rawHeaderLines = head.split("\n");
  const headers: { name: string; value: string }[] = [];
  for (const line of rawHeaderLines) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      const last = headers[headers.length - 1];
      if (last) last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    headers.push({ name: line.slice(0, colon).toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  const part: MimePart = { rawHeaderLines, headers, body, parts: [] };
  const boundary = /boundary="?([^";]+)"?/i.exec(header(part, "content-type") ?? "")?.[1];
  if (boundary && /^multipart\//i.test(header(part, "content-type") ?? "")) {
    const chunks = body.split(`--${boundary}`);
    // chunks[0] is the preamble; the last chunk starts with "--" (the closing delimiter).
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith("--")) break;
      part.parts.push(parseMessage(chunk.replace(/^\n/, "").replace(/\n$/, "")));
    }
  }
  return part;
}

export function header(part: MimePart, name: string): string | undefined {
  return part.headers.find((h) => h.name === name.toLowerCase())?.value;
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

/** The decoded bytes of a leaf part. */
export function decodeBody(part: MimePart): Buffer {
  const encoding = (header(part, "content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body, "latin1");
}

/** The text of the first leaf whose Content-Type starts with `type`. */
export function textOf(message: MimePart, type: "text/plain" | "text/html"): string {
  const part = leaves(message).find((p) => (header(p, "content-type") ?? "text/plain").startsWith(type));
  if (!part) throw new Error(`no ${type} part`);
  return decodeBody(part).toString("utf8");
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i] ?? "";
    const hex = joined.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

/** The attachment's file name from Content-Disposition (plain or RFC 2231 form). */
export function fileNameOf(part: MimePart): string | undefined {
  const disposition = header(part, "content-disposition") ?? "";
  const plain = /filename="([^"]*)"/i.exec(disposition)?.[1] ?? /filename=([^;\s]+)/i.exec(disposition)?.[1];
  if (plain) return decodeWords(plain);
  const pieces = [...disposition.matchAll(/filename\*(?:(\d+))?\*?=([^;]+)/gi)]
    .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
    .map((m) => (m[2] ?? "").trim().replace(/^"|"$/g, ""));
  if (pieces.length === 0) return undefined;
  const joined = pieces.join("").replace(/^[^']*'[^']*'/, "");
  return decodeURIComponent(joined);
}
