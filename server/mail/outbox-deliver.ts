/**
 * Delivers one claimed outbox row: reads its submission (or withdrawal), composes the
 * mail, hands it to the transport and records the outcome. Kept apart from the pass loop
 * because the outcomes are where the policy lives: a send the transport refused is a
 * failed attempt with its backoff and tells the outage checks; a store failure before
 * the send is no attempt at delivery (the row is given back and a pass runs shortly),
 * unless the store keeps failing on that one mail.
 */
import type { MailKind, OutboxMessage, StoredSubmission, OutboxStore } from "../submissions/store-types.ts";
import { type ComposedMail, composeMail, composeWithdrawalNotice } from "./compose.ts";
import type { MailConfig } from "./config.ts";
import type { MailTransport } from "./mail-transport.ts";
import type { OutageChecks } from "./outbox-checks.ts";
import type { SentMarks } from "./outbox-marks.ts";
import { errorText } from "./outbox-text.ts";

/**
 * "skipped": nothing to send (sent already, or its submission is gone); "deferred": the
 * store failed before the send, and the row is to be given back for a pass soon.
 */
export type Outcome = "sent" | "failed" | "skipped" | "deferred";

/** A mail the store failed on this often in a row gets a failed attempt and its backoff. */
const MAX_STORE_FAILURES_WITHOUT_BACKOFF = 3;

export interface DeliverOptions {
  store: OutboxStore;
  transport: MailTransport;
  config: MailConfig;
  /** Retry delay: baseMs × 2^attempts, at most maxMs, ±10% jitter. */
  backoff: { baseMs: number; maxMs: number };
  /** Jitter source in [0, 1). */
  random: () => number;
  cvLink?: (submissionId: string, now: Date) => string;
  applicantDataLink?: (submissionId: string, applicationCreatedAt: Date) => string;
  onDelivery?: (outcome: "sent" | "failed", kind: MailKind) => void;
  marks: SentMarks;
  outage: Pick<OutageChecks, "sendFailed" | "sendWorked">;
  /** Asks for a pass a moment later: a store failure is usually a blip. */
  passSoon: () => void;
  log: { info(msg: string): void; error(msg: string): void };
  now: () => Date;
}

export function mailDeliverer(options: DeliverOptions): (message: OutboxMessage) => Promise<Outcome> {
  const { store, transport, config, marks, outage, log, now } = options;
  /** Outbox id → store failures in a row while preparing it, in this process. */
  const storeFailed = new Map<string, number>();

  async function deliver(message: OutboxMessage): Promise<Outcome> {
    const label = `${message.kind} ${message.id} for submission ${message.submissionId}`;
    // Sent already, only the mark is missing: never send it again (the marks retry it).
    if (marks.isRemembered(message.id)) return "skipped";
    let handedOver = false;
    try {
      // An erased application's notice: its submission is gone, its withdrawal says enough.
      const withdrawal = message.kind === "withdrawal_notice" ? await store.getWithdrawal(message.submissionId) : null;
      const submission = message.kind === "withdrawal_notice" ? null : await store.get(message.submissionId);
      if (withdrawal) {
        handedOver = true;
        await transport.send(composeWithdrawalNotice(withdrawal, config));
      } else if (!submission) {
        // The company deleted the submission (or it was purged): nothing left to deliver.
        await store.markMailSent(message.id, now());
        log.info(
          `mail outbox: ${label}: ${withdrawalOrSubmission(message.kind)} is gone, nothing to deliver; marked done`,
        );
        return "skipped";
      } else {
        const mail = await composeFor(message, submission);
        handedOver = true;
        await transport.send(mail);
      }
    } catch (error) {
      return handedOver ? sendFailed(message, label, error) : storeFailedBeforeSend(message, label, error);
    }
    storeFailed.delete(message.id);
    outage.sendWorked();
    options.onDelivery?.("sent", message.kind);
    await marks.record(message.id, label);
    return "sent";
  }

  async function composeFor(message: OutboxMessage, submission: StoredSubmission): Promise<ComposedMail> {
    // EmailJS mail carries a link to the CV, not the CV: no need to read the bytes then.
    const attachCv = needsCv(submission.kind, message.kind) && config.transport !== "emailjs";
    const cv = attachCv ? await store.getCv(submission.id) : null;
    const cvLink =
      options.cvLink && needsCv(submission.kind, message.kind) && submission.cv
        ? options.cvLink(submission.id, now())
        : undefined;
    const applicantDataLink =
      options.applicantDataLink && message.kind === "applicant_confirmation" && submission.kind === "application"
        ? options.applicantDataLink(submission.id, submission.createdAt)
        : undefined;
    return composeMail(message.kind, submission, cv, config, { cvLink, applicantDataLink });
  }

  /**
   * The store failed (the database, not delivery): no attempt at delivery was made, so
   * none is counted and no backoff follows; the mail goes in a pass a moment later. Only
   * a mail the store keeps failing on (a row it cannot read) gets the backoff.
   */
  async function storeFailedBeforeSend(message: OutboxMessage, label: string, error: unknown): Promise<Outcome> {
    const failures = (storeFailed.get(message.id) ?? 0) + 1;
    if (failures >= MAX_STORE_FAILURES_WITHOUT_BACKOFF) {
      storeFailed.delete(message.id);
      await recordFailure(message, label, error);
      return "failed";
    }
    // Bounded: entries of mail another replica sent meanwhile are never cleared otherwise.
    if (storeFailed.size >= 1000) storeFailed.clear();
    storeFailed.set(message.id, failures);
    log.error(`mail outbox: ${label}: the store failed before sending: ${errorText(error)}; trying again shortly`);
    options.passSoon();
    return "deferred";
  }

  /** The transport refused the mail, or failed sending it: a failed attempt, and a sign of an outage. */
  async function sendFailed(message: OutboxMessage, label: string, error: unknown): Promise<Outcome> {
    storeFailed.delete(message.id);
    await recordFailure(message, label, error);
    outage.sendFailed(error);
    options.onDelivery?.("failed", message.kind);
    return "failed";
  }

  async function recordFailure(message: OutboxMessage, label: string, error: unknown): Promise<void> {
    const text = errorText(error);
    const next = new Date(now().getTime() + retryDelay(options.backoff, message.attempts, options.random));
    try {
      await store.markMailFailed(message.id, text, next);
    } catch (markError) {
      // The lease runs out and the row is claimed again; at worst one extra attempt.
      log.error(`mail outbox: ${label}: could not record the failure: ${errorText(markError)}`);
    }
    log.error(`mail outbox: ${label} failed (attempt ${message.attempts + 1}): ${text}; next at ${next.toISOString()}`);
  }

  return deliver;
}

/** baseMs × 2^attempts, capped at maxMs, ±10% so replicas do not retry in step. */
export function retryDelay(backoff: { baseMs: number; maxMs: number }, attempts: number, random: () => number): number {
  const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts, 40));
  return Math.round(delay * (0.9 + 0.2 * random()));
}

function withdrawalOrSubmission(kind: MailKind): string {
  return kind === "withdrawal_notice" ? "withdrawal" : "submission";
}

function needsCv(submissionKind: string, mailKind: MailKind): boolean {
  return submissionKind === "application" && mailKind === "company_notification";
}
