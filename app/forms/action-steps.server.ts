/**
 * The steps both forms' server actions share (`contact/action.server.ts`,
 * `application/action.server.ts`). Every form post the server's guard let through (same
 * origin, under the rate limit: server/form-guard.ts, for every action) takes one path:
 * body parsing under the size cap, honeypot and fill time, the form's zod schema (and an
 * application's CV by its real type), then the submission handed to the server's intake
 * (`FormServices.submissions`: one transaction, then the outbox woken). Each refusal is a
 * clear message on the form; nothing is written unless all of it passed.
 */
import { data, redirect } from "react-router";
import { SENT_BY_SCRIPT_FIELD } from "../../common/limits.ts";
import type { SubmissionInput, SubmissionMailKind } from "../../common/submissions.ts";
import type { FormServices } from "../services.server.ts";
import type { FormReply } from "./reply.ts";

export const MESSAGES = {
  unreadable: "We could not read what your browser sent. Please try again.",
  wrongContentType: "Please send this form from the page on our website.",
} as const;

/** The action's answer, never cached. */
export function reply(body: FormReply, status: number) {
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** A refusal that is not about one field: the line under the form, the fields kept. */
export function refuse(message: string, status: number, lastResult?: FormReply["lastResult"]) {
  return reply({ result: { ok: false, message }, lastResult }, status);
}

export function contentTypeOf(request: Request): string {
  return request.headers.get("Content-Type") ?? "";
}

/** True once the submission is stored (the server then sends its mail); false when it could not be. */
export async function accept(services: FormServices, input: SubmissionInput, mails: SubmissionMailKind[]) {
  try {
    await services.submissions.accept(input, mails);
  } catch (error) {
    console.error(`Could not store a ${input.kind} submission:`, error);
    return false;
  }
  return true;
}

/** A post made by the page's script rather than a plain HTML form (the form marks it). */
function sentByScript(form: FormData): boolean {
  return form.get(SENT_BY_SCRIPT_FIELD) === "1";
}

/** Without JavaScript: post/redirect/get, so a reload cannot send twice. */
export function success(form: FormData, location: string, message: string) {
  if (!sentByScript(form)) return redirect(location, 303);
  return reply({ result: { ok: true, message } }, 200);
}
