/**
 * The writes that queue mail, composed once: a form's submission (what route actions get
 * as `FormServices.submissions`, common/form-services.ts) and an applicant's erasure
 * (server/applicant-data.ts). Each is the store's one transaction, then, once committed,
 * the outbox worker woken so the mail goes out soon rather than at its next poll; a stored
 * submission is counted for the metrics on the way.
 *
 * Counted here because that is what "accepted" means: a bot caught by the honeypot gets
 * the same success answer but nothing is stored, so counting answers would overcount, and
 * a save that fails is no submission.
 */
import type { SubmissionIntake } from "../common/form-services.ts";
import type { SubmissionKind } from "../common/submissions.ts";
import type { EraseResult, SubmissionRecords } from "./submissions/store-types.ts";

export interface SubmissionIntakeOptions {
  records: Pick<SubmissionRecords, "save" | "eraseApplication">;
  /** Asks the outbox worker to deliver soon (server/mail/delivery.ts). */
  wakeOutbox(): void;
  /** Counts a stored submission (server/metrics.ts); without it nothing is counted. */
  accepted?(kind: SubmissionKind): void;
}

/** The intake the route actions get, and the erasure only the applicant's page uses. */
export interface ServerIntake extends SubmissionIntake {
  /**
   * The applicant's erasure (`SubmissionRecords.eraseApplication`); the outbox is woken for
   * the company's notice when there was something to erase.
   */
  withdraw(submissionId: string, now?: Date): Promise<EraseResult>;
}

export function createSubmissionIntake({ records, wakeOutbox, accepted }: SubmissionIntakeOptions): ServerIntake {
  return {
    async accept(input, mails) {
      const saved = await records.save(input, mails);
      accepted?.(input.kind);
      wakeOutbox();
      return saved;
    },
    async withdraw(submissionId, now) {
      const result = await records.eraseApplication(submissionId, now);
      if (result.status === "erased") wakeOutbox();
      return result;
    },
  };
}
