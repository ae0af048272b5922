/**
 * Starts a real SMTP server (smtp-server, via the unit tests' wrapper) on the fixed port
 * the web server's SMTP_URL names, and writes every message it accepts to SMTP_DIR, so
 * the tests (in worker processes) can read what the site mailed. Playwright starts the
 * web server before this runs; that is fine, because the server only connects to SMTP
 * when it has mail to send, and it has none before the first test submits a form.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ReceivedMail, startSmtpServer } from "../support/mail-smtp.ts";
import { SMTP_DIR, SMTP_PORT } from "./helpers/e2e-env.ts";

/** Writes a file whole or not at all: a reader never sees half a message. */
function writeAtomic(path: string, data: string | Buffer) {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export default async function globalSetup() {
  rmSync(SMTP_DIR, { recursive: true, force: true });
  mkdirSync(SMTP_DIR, { recursive: true });

  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  try {
    smtp = await startSmtpServer(SMTP_PORT);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      throw new Error(`The test SMTP port ${SMTP_PORT} is in use; set E2E_SMTP_PORT to a free port.`, {
        cause: error,
      });
    throw error;
  }

  // The wrapper keeps each accepted message in `received` before it answers 250; save a
  // copy to disk at the same moment, so "the server said sent" implies "the file exists".
  let count = 0;
  const keep = smtp.received.push.bind(smtp.received);
  smtp.received.push = (...mails: ReceivedMail[]) => {
    for (const mail of mails) {
      const base = join(SMTP_DIR, `${Date.now()}-${String(++count).padStart(5, "0")}`);
      writeAtomic(`${base}.json`, JSON.stringify({ mailFrom: mail.mailFrom, rcptTo: mail.rcptTo }));
      writeAtomic(`${base}.eml`, mail.raw);
    }
    return keep(...mails);
  };

  return async () => {
    await smtp.close();
  };
}
