/**
 * What the Node server hands to route actions through React Router's context: where a
 * validated submission goes, the applicant's own page and the request's own facts. No
 * store and no outbox: the server composes those behind `SubmissionIntake`
 * (server/submission-intake.ts). The origin check and the rate limit are not here either:
 * the server runs them in front of every action (server/form-guard.ts).
 *
 * The context keys themselves are created in the app (app/services.server.ts) and
 * exported by its server entry, because a key is matched by identity and the app is
 * bundled while the server is not: the server takes them from the build it loads
 * (`formContextsOf`).
 */
import type { RouterContext } from "react-router";
import type { SubmissionInput, SubmissionMailKind } from "./submissions.ts";

export interface FormServices {
  /** Takes a submission that passed every check; the one write an action makes. */
  submissions: SubmissionIntake;
  settings: {
    /** A form sent faster than this after first use is probably a script. */
    minFillMs: number;
  };
  /** The applicant's own page behind the signed link in their confirmation (server/applicant-data.ts). */
  applicantData: ApplicantDataService;
}

/**
 * Where a form's submission goes once it passed every check. The server stores it, its CV
 * and one pending mail per kind in one transaction, counts it for the metrics and wakes
 * the outbox, in that order.
 */
export interface SubmissionIntake {
  /**
   * Resolves once all of it is committed and on disk: the visitor may be told it was sent.
   * Rejects when it could not be stored, and then nothing of it was.
   */
  accept(input: SubmissionInput, mails: readonly SubmissionMailKind[]): Promise<{ id: string }>;
}

/**
 * An applicant's data as their page shows it (docs/decisions/0017): plain values, dates
 * as ISO strings, never the CV's bytes.
 */
export interface ApplicantRecord {
  reference: string;
  name: string;
  email: string;
  phone: string;
  jobTitle: string;
  comment: string | null;
  cv: { fileName: string; size: number } | null;
  receivedAt: string;
  consentAt: string | null;
  privacyVersion: string | null;
}

/** What a link may be, besides valid: tampered or not ours, expired, or its application gone. */
type ApplicantLinkProblem =
  | { status: "invalid" }
  | { status: "expired" }
  /** `withdrawnAt`: when the applicant erased it themselves; null when purged or deleted by the company. */
  | { status: "gone"; withdrawnAt: string | null };

export type ApplicantDataView =
  { status: "found"; record: ApplicantRecord; linkExpiresAt: string } | ApplicantLinkProblem;

export type ApplicantDataErasure = { status: "erased"; withdrawnAt: string } | ApplicantLinkProblem;

export interface ApplicantDataService {
  /** What we hold for the application the token names; reads only. */
  view(token: string): Promise<ApplicantDataView>;
  /** Erases that application (its CV, its pending mail) and notifies the company. */
  erase(token: string): Promise<ApplicantDataErasure>;
}

export interface RequestFacts {
  /** The client's address: the socket's, or the trusted proxy's (server/request-facts.ts). */
  clientAddress: string;
  /** The site's own origin as the visitor sees it (behind a proxy: the forwarded one). */
  publicOrigin: string;
  /** True once the request body went past the server's cap and was cut off. */
  bodyTooLarge(): boolean;
  /**
   * The request body's bytes the form parser has read so far. When a post is too large
   * (cut off at the server's cap, or a part over the parser's limit), what arrived names
   * the field that made it so.
   */
  bodyArrived(): Buffer;
  /** This response's CSP nonce for inline scripts. */
  nonce: string;
}

/** The keys app/entry.server.tsx exports. */
export interface FormContexts {
  servicesContext: RouterContext<FormServices>;
  requestContext: RouterContext<RequestFacts>;
}

// A key is an opaque object; what it carries is the app's promise, which the types record.
function isContextKey<T>(value: unknown): value is RouterContext<T> {
  return typeof value === "object" && value !== null;
}

/** The build's context keys, checked: a build without them cannot serve a form. */
export function formContextsOf(entryModule: object): FormContexts {
  const servicesContext: unknown = Reflect.get(entryModule, "servicesContext");
  const requestContext: unknown = Reflect.get(entryModule, "requestContext");
  if (!isContextKey<FormServices>(servicesContext) || !isContextKey<RequestFacts>(requestContext)) {
    throw new Error("The build's server entry does not export servicesContext and requestContext: build again.");
  }
  return { servicesContext, requestContext };
}
