/**
 * The outbox's alarm for mail that does not go out: at most every 10 minutes, after a
 * pass, an error line (`mail outbox: ALERT: …`) while any mail older than `afterMs` is
 * still undelivered, with the count and the oldest. Mail is retried until delivered and
 * never dropped, so this line is how an operator learns that it is stuck.
 */
import type { OutboxStore } from "../submissions/store-types.ts";
import { errorText, formatAge } from "./outbox-text.ts";

/** The pending-mail check costs a query; once per 10 minutes is plenty for an alert. */
const ALERT_CHECK_EVERY_MS = 10 * 60_000;

export interface UndeliveredAlertOptions {
  store: OutboxStore;
  /** Mail older than this and undelivered is worth an alert. */
  afterMs: number;
  log: { error(msg: string): void };
  now: () => Date;
}

/** Returns the check to run after each pass; it queries the store at most every 10 minutes. */
export function undeliveredAlert(options: UndeliveredAlertOptions): () => Promise<void> {
  const { store, afterMs, log, now } = options;
  let lastCheck = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = now().getTime();
    if (at - lastCheck < ALERT_CHECK_EVERY_MS) return;
    lastCheck = at;
    try {
      const stale = await store.pendingMail(new Date(at - afterMs));
      const oldest = stale[0];
      if (!oldest) return;
      log.error(
        `mail outbox: ALERT: ${stale.length} mail message(s) undelivered for more than ${formatAge(afterMs)}; ` +
          `oldest is ${formatAge(at - oldest.createdAt.getTime())} old (${oldest.kind} ${oldest.id}, ` +
          `${oldest.attempts} attempt(s), last error: ${oldest.lastError ?? "none"})`,
      );
    } catch (error) {
      log.error(`mail outbox: could not check for undelivered mail: ${errorText(error)}`);
    }
  };
}
