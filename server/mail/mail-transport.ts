/**
 * What every mail transport offers the outbox. A module of its own so that the
 * transports (./transport.ts, ./emailjs-transport.ts) and the outbox depend on it, not
 * on each other.
 */
import type { ComposedMail } from "./compose.ts";

export interface MailTransport {
  /** Resolves once the mail is handed over; rejects (with a message fit for the log) otherwise. */
  send(mail: ComposedMail): Promise<{ messageId: string }>;
  /**
   * Checks that mail could be handed over now without sending any (SMTP: connect, greeting,
   * login). The outbox uses it to notice the end of an outage.
   */
  verify?(): Promise<void>;
  /** The most sends this transport takes at once; the outbox never runs more in parallel. */
  readonly maxParallel?: number;
  /** Closes kept-open connections; call after the outbox has stopped (no send in flight). */
  close(): void;
}
