/**
 * What the test SMTP server received (written to SMTP_DIR by the global setup), parsed
 * with the unit tests' MIME reader.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as mime from "../../support/mail-mime.ts";
import { SMTP_DIR } from "./e2e-env.ts";

export interface Mail {
  file: string;
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  message: mime.MimePart;
  /** A header's value, encoded words decoded. */
  header(name: string): string | undefined;
  /** X-Blueberry-Submission-Id. */
  submissionId: string | undefined;
  /** X-Blueberry-Mail-Kind: company_notification or applicant_confirmation. */
  kind: string | undefined;
  /** The text/plain body, decoded. */
  text(): string;
  /** Parts with Content-Disposition: attachment, with their decoded bytes. */
  attachments(): { fileName: string | undefined; contentType: string | undefined; bytes: Buffer }[];
}

function readMail(file: string): Mail {
  const raw = readFileSync(join(SMTP_DIR, `${file}.eml`));
  const envelope = JSON.parse(readFileSync(join(SMTP_DIR, `${file}.json`), "utf8")) as {
    mailFrom: string;
    rcptTo: string[];
  };
  const message = mime.parseMessage(raw);
  const get = (name: string) => {
    const value = mime.header(message, name);
    return value === undefined ? undefined : mime.decodeWords(value);
  };
  return {
    file,
    ...envelope,
    raw,
    message,
    header: get,
    submissionId: get("x-blueberry-submission-id"),
    kind: get("x-blueberry-mail-kind"),
    text: () => mime.textOf(message, "text/plain"),
    attachments: () =>
      mime
        .leaves(message)
        .filter((p) => /^attachment/i.test(mime.header(p, "content-disposition") ?? ""))
        .map((p) => ({
          fileName: mime.fileNameOf(p),
          contentType: mime.header(p, "content-type"),
          bytes: mime.decodeBody(p),
        })),
  };
}

/** Every message received so far, oldest first. */
export function allMail(): Mail[] {
  if (!existsSync(SMTP_DIR)) return [];
  return readdirSync(SMTP_DIR)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => readMail(f.slice(0, -4)));
}

/** The messages about one submission, by kind (sorted, so the order is stable). */
export function mailFor(submissionId: string): Mail[] {
  return allMail()
    .filter((m) => m.submissionId === submissionId)
    .sort((a, b) => String(a.kind).localeCompare(String(b.kind)));
}

/** Messages that mention `needle` (e.g. a visitor's e-mail address) raw or in the decoded text. */
export function mailMentioning(needle: string): Mail[] {
  return allMail().filter((m) => {
    if (m.raw.includes(needle) || m.rcptTo.includes(needle)) return true;
    try {
      return m.text().includes(needle);
    } catch {
      return false;
    }
  });
}
