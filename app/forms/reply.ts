/**
 * What a form's submit path answers, in both builds: the server action's reply, the
 * static build's browser sender's, and what the form components show from it.
 */
import type { SubmissionResult } from "@conform-to/dom";

/** The line under the form. */
export type FormResult = { ok: boolean; message: string };

/** What a form's action (server) or client action (static build) answers. */
export type FormReply = {
  /** Conform's account of the fields: errors and the values to show again. */
  lastResult?: SubmissionResult<string[]>;
  /** The line under the form. */
  result?: FormResult;
  /** The visitor cancelled it (Cancel during a CV upload): no line, and the dialog stays closed. */
  canceled?: true;
};
