/**
 * The applicant's own page (docs/decisions/0017): behind the signed link in their
 * confirmation mail, they see what we hold about their application and can erase it.
 * Served to the route through `FormServices.applicantData` (app/ never imports server/).
 *
 * The token is checked before anything is read: one signed for another purpose (a CV
 * link), tampered with or made with another secret is "invalid"; one past the
 * application's retention is "expired". Erasing deletes the application, its CV and its
 * mail rows in one transaction and queues the company's notice, through the same intake
 * as a form's submission (server/submission-intake.ts), which wakes the outbox.
 */
import type { ApplicantDataService, ApplicantRecord } from "../common/form-services.ts";
import type { LinkSigner } from "./signed-links.ts";
import type { ServerIntake } from "./submission-intake.ts";
import type { StoredSubmission, SubmissionRecords } from "./submissions/store-types.ts";

export interface ApplicantDataOptions {
  /** Signs with the `applicantData` purpose (createLinkSigner(secret, "applicantData")). */
  signer: LinkSigner;
  /** What the page reads. */
  records: Pick<SubmissionRecords, "get" | "getWithdrawal">;
  /** Erases, and gets the company's notice delivered. */
  intake: Pick<ServerIntake, "withdraw">;
  /** The clock (tests). */
  now?: () => Date;
}

export function applicantDataService({
  signer,
  records,
  intake,
  now = () => new Date(),
}: ApplicantDataOptions): ApplicantDataService {
  async function gone(submissionId: string) {
    const withdrawal = await records.getWithdrawal(submissionId);
    return { status: "gone" as const, withdrawnAt: withdrawal ? withdrawal.withdrawnAt.toISOString() : null };
  }

  return {
    async view(token) {
      const check = signer.verify(token, now());
      if (check.status === "invalid") return { status: "invalid" };
      if (check.status === "expired") return { status: "expired" };
      const submission = await records.get(check.submissionId);
      if (!submission || submission.kind !== "application") return gone(check.submissionId);
      return { status: "found", record: recordOf(submission), linkExpiresAt: check.expiresAt.toISOString() };
    },

    async erase(token) {
      const check = signer.verify(token, now());
      if (check.status === "invalid") return { status: "invalid" };
      if (check.status === "expired") return { status: "expired" };
      const result = await intake.withdraw(check.submissionId, now());
      if (result.status === "gone") {
        return { status: "gone", withdrawnAt: result.withdrawal ? result.withdrawal.withdrawnAt.toISOString() : null };
      }
      return { status: "erased", withdrawnAt: result.withdrawal.withdrawnAt.toISOString() };
    },
  };
}

function recordOf(s: StoredSubmission): ApplicantRecord {
  return {
    reference: s.id,
    name: s.name,
    email: s.email,
    phone: s.phone,
    jobTitle: s.jobTitle ?? s.jobSlug ?? "",
    comment: s.comment,
    cv: s.cv ? { fileName: s.cv.fileName, size: s.cv.size } : null,
    receivedAt: s.createdAt.toISOString(),
    consentAt: s.consentAt ? s.consentAt.toISOString() : null,
    privacyVersion: s.privacyVersion,
  };
}
