/**
 * The submissions domain as the route actions see it: what a contact message and a job
 * application are once validated, and the mail a submission is owed. The store that keeps
 * them, by role, is server-only (server/submissions/store-types.ts); actions hand a
 * submission to `FormServices.submissions` (./form-services.ts) and see no store.
 */
import type { CvType } from "./limits.ts";

export type SubmissionKind = "contact" | "application";

/** Mail the outbox delivers for a submission. */
export type SubmissionMailKind = "company_notification" | "applicant_confirmation";

/** The CV types we accept (the list is in limits.ts), detected from the content. */
export type { CvType };

export interface CvFile {
  /** The original name, sanitised: no path, no control characters, at most 150 characters. */
  fileName: string;
  /** The MIME type of `detectedType` (never the browser's claim). */
  contentType: string;
  detectedType: CvType;
  size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  bytes: Uint8Array;
}

export type CvMetadata = Omit<CvFile, "bytes">;

/** Who sent a submission: every form asks for these. */
export interface Sender {
  name: string;
  email: string;
  /** E.164, e.g. +919845012345. */
  phone: string;
}

export interface ContactInput extends Sender {
  kind: "contact";
  message: string;
}

export interface ApplicationInput extends Sender {
  kind: "application";
  comment: string | null;
  jobSlug: string;
  jobTitle: string;
  consent: { givenAt: Date; privacyVersion: string };
  cv: CvFile;
}

export type SubmissionInput = ContactInput | ApplicationInput;
