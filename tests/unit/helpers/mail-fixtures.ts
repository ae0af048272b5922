/** Shared inputs for the mail tests: a config, a contact message, an application with a CV. */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { MailConfig } from "../../../server/mail/config.ts";
import type { ApplicationInput, ContactInput, CvFile, SubmissionInput } from "../../../common/submissions.ts";
import type { StoredSubmission } from "../../../server/submissions/store-types.ts";

import { TMP_ROOT } from "../../support/temp-dirs.ts";

export { removeDir, TMP_ROOT, tempDir } from "../../support/temp-dirs.ts";

export function mailConfig(overrides: Partial<MailConfig> = {}): MailConfig {
  return {
    transport: "file",
    outboxDir: join(TMP_ROOT, "unused-outbox"),
    from: { name: "Blueberry Semiconductors website", address: "noreply@blueberry.test" },
    companyInbox: { contact: "business@blueberry.test", careers: "careers@blueberry.test" },
    siteUrl: "https://www.blueberry.test",
    ...overrides,
  };
}

/** A small "PDF" whose bytes cover every value 0–255, so any re-encoding shows. */
export function pdfCv(fileName = "Asha Rao CV.pdf"): CvFile {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), all, Buffer.from("\n%%EOF\n")]);
  return {
    fileName,
    contentType: "application/pdf",
    detectedType: "pdf",
    size: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: new Uint8Array(bytes),
  };
}

export function contactInput(overrides: Partial<ContactInput> = {}): ContactInput {
  return {
    kind: "contact",
    name: "Ravi Kumar",
    email: "ravi@example.com",
    phone: "+919845012345",
    message: "We need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
    ...overrides,
  };
}

/** The lines of `applicationInput()`'s fields in the company's notification (plain text). */
export const APPLICATION_FIELD_LINES = [
  "name: Asha Rao",
  "email: asha@example.com",
  "phone: +919845054321",
  "comment: Six years of UVM on PCIe Gen5 controllers.",
  "job: Design Verification Engineer (design-verification-engineer-all-levels)",
];

export function applicationInput(overrides: Partial<ApplicationInput> = {}): ApplicationInput {
  return {
    kind: "application",
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "+919845054321",
    comment: "Six years of UVM on PCIe Gen5 controllers.",
    jobSlug: "design-verification-engineer-all-levels",
    jobTitle: "Design Verification Engineer",
    consent: { givenAt: new Date("2025-03-14T03:55:00Z"), privacyVersion: "2025-01" },
    cv: pdfCv(),
    ...overrides,
  };
}

/** What the store would return for `input`, for tests that do not need a store. */
export function stored(input: SubmissionInput, id = "sub_test_1", createdAt = new Date("2025-03-14T03:56:53Z")) {
  const submission: StoredSubmission = {
    id,
    kind: input.kind,
    createdAt,
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.kind === "contact" ? input.message : null,
    comment: input.kind === "application" ? input.comment : null,
    jobSlug: input.kind === "application" ? input.jobSlug : null,
    jobTitle: input.kind === "application" ? input.jobTitle : null,
    consentAt: input.kind === "application" ? input.consent.givenAt : null,
    privacyVersion: input.kind === "application" ? input.consent.privacyVersion : null,
    cv: input.kind === "application" ? metadataOf(input.cv) : null,
    mail: { pending: 0, sent: 0 },
  };
  return submission;
}

function metadataOf(cv: CvFile) {
  const { bytes: _bytes, ...metadata } = cv;
  return metadata;
}
