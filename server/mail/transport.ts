/**
 * Where composed mail goes. Three transports behind one small interface (`MailTransport`,
 * ./mail-transport.ts; `send` takes the composed mail, which carries both a MIME message
 * and an EmailJS template):
 *
 * - `file` (default): the complete RFC 822 message, exactly as an SMTP server would get
 *   it, written to `<outboxDir>/<time>-<submission>-<kind>.eml`. Needs no mail server;
 *   the files open in any mail client.
 * - `smtp`: nodemailer's pooled SMTP transport from `smtpUrl`: up to `maxConnections`
 *   connections kept open and reused (each for at most `maxMessages` mails), so a backlog
 *   drains in parallel instead of one connection and one handshake per mail.
 * - `emailjs`: EmailJS's REST API with the template params (./emailjs-transport.ts).
 */
import { randomUUID } from "node:crypto";
import { closeSync, constants, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { MailConfig } from "./config.ts";
import { emailJsTransport } from "./emailjs-transport.ts";
import type { MailTransport } from "./mail-transport.ts";

export interface TransportOptions {
  /** The clock for `.eml` file names (tests). */
  now?: () => Date;
  /** SMTP connections kept open and used in parallel; default 5. */
  smtpMaxConnections?: number;
  /** Mails sent over one SMTP connection before it is replaced by a fresh one; default 100. */
  smtpMaxMessages?: number;
}

/**
 * Message content never comes from a file path or a URL: every attachment is bytes the
 * store gave us. Turning these off means a composing mistake cannot make nodemailer read
 * a local file or fetch a URL into a mail.
 */
const NO_EXTERNAL_CONTENT = { disableFileAccess: true, disableUrlAccess: true } as const;

export function createTransport(config: MailConfig, options: TransportOptions = {}): MailTransport {
  switch (config.transport) {
    case "smtp":
      return smtpTransport(config, options);
    case "emailjs":
      return emailJsTransport(config);
    default:
      return fileTransport(config, options.now ?? (() => new Date()));
  }
}

function fileTransport(config: MailConfig, now: () => Date): MailTransport {
  const dir = config.outboxDir;
  const mailer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
    ...NO_EXTERNAL_CONTENT,
  });
  return {
    async send({ message }) {
      const info = await mailer.sendMail(message);
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("stream transport did not return a buffer");
      const name = `${now().toISOString().replace(/:/g, "-")}-${fileRef(message, info.messageId)}.eml`;
      writeDurably(dir, name, raw);
      return { messageId: info.messageId };
    },
    async verify() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
    close() {
      mailer.close();
    },
  };
}

function smtpTransport(config: MailConfig, options: TransportOptions): MailTransport {
  const url = config.smtpUrl;
  if (!url) throw new Error("the smtp mail transport needs an SMTP URL (SMTP_URL)");
  const protocol = URL.canParse(url) ? new URL(url).protocol : "";
  if (protocol !== "smtp:" && protocol !== "smtps:") {
    throw new Error("the SMTP URL must start with smtp:// or smtps://");
  }
  const maxConnections = options.smtpMaxConnections ?? 5;
  const maxMessages = options.smtpMaxMessages ?? 100;
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new Error("the SMTP transport needs at least one connection");
  if (!Number.isInteger(maxMessages) || maxMessages < 1)
    throw new Error("the SMTP transport needs at least one message per connection");
  const mailer = nodemailer.createTransport({
    url,
    // Connections are kept and reused: one handshake (and TLS, and login) serves many
    // mails, and up to maxConnections go out at once. A pooled connection that drops while
    // it hands over a message is tried again by nodemailer, as a retry by the outbox would be.
    pool: true,
    maxConnections,
    maxMessages,
    // A dead or silent server must fail the attempt quickly (the outbox retries later)
    // instead of holding the pass, and its lease, for nodemailer's default minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    dnsTimeout: 10_000,
    socketTimeout: 30_000,
    ...NO_EXTERNAL_CONTENT,
  });
  return {
    async send({ message }) {
      const info = await mailer.sendMail(message);
      // Every mail has one recipient; a rejected one is a failed attempt, not a success.
      if (info.rejected.length > 0) throw new Error(`recipient rejected: ${info.response}`);
      return { messageId: info.messageId };
    },
    async verify() {
      // A connection of its own, outside the pool: connect, greeting, login, QUIT.
      await mailer.verify();
    },
    maxParallel: maxConnections,
    close() {
      // Idle pooled connections close at once; the outbox has no send in flight by now.
      mailer.close();
    },
  };
}

/**
 * The file name's reference: submission id and mail kind from compose's headers (so a
 * notification and a confirmation written in the same millisecond do not collide), else
 * the Message-ID. Only [A-Za-z0-9._-] reaches the file system.
 */
function fileRef(message: SendMailOptions, messageId: string): string {
  const headers = message.headers;
  let ref = messageId.replace(/^<|>$/g, "");
  if (headers && !Array.isArray(headers) && !("key" in headers)) {
    const id = headers["X-Blueberry-Submission-Id"];
    const kind = headers["X-Blueberry-Mail-Kind"];
    if (typeof id === "string" && id) ref = typeof kind === "string" && kind ? `${id}-${kind}` : id;
  }
  return ref.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 150) || "message";
}

/**
 * Writes `<dir>/<name>` through a hidden temp file in the same folder, flushed, then
 * renamed, and the folder flushed too: a reader (or a crash) never sees half a message,
 * the rename cannot cross file systems, and the outbox's "sent" mark, made right after,
 * holds across a power cut. Synchronous on purpose: this transport runs in the delivery
 * thread (decision 0023), where blocking costs no visitor anything, while the process's
 * small libuv pool stays free for the store's syncs that visitors wait on.
 */
function writeDurably(dir: string, name: string, raw: Buffer): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${name}.${randomUUID()}.tmp`);
  try {
    // 0600: the files hold personal data and CVs.
    writeFileSync(tmp, raw, { flag: "wx", mode: 0o600, flush: true });
    renameSync(tmp, join(dir, name));
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
  syncDir(dir);
}

/** Persists the rename itself. Not every platform can open a folder; that is fine. */
function syncDir(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, "r");
  } catch {
    // Best effort (Windows cannot open a folder).
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Best effort (some file systems refuse to sync a folder).
  } finally {
    closeSync(fd);
  }
}
