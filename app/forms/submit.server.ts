/**
 * The one path every form post takes on the server once the server's guard has let it
 * through (same origin, under the rate limit: server/form-guard.ts, for every action):
 * body parsing under the size cap, honeypot and fill time, the shared zod schema, the
 * CV's real type, then the submission handed to the server's intake
 * (`FormServices.submissions`: one transaction, then the outbox woken). Each refusal is a
 * clear message on the form; nothing is written unless all of it passed.
 */
import { CONTACT_SENT, JOB_APPLIED } from "../../common/page-queries.ts";
import { MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { type ActionFunctionArgs, data, type RouterContextProvider, redirect } from "react-router";
import type { SubmissionInput, SubmissionMailKind } from "../../common/submissions.ts";
import { content } from "../content/catalog.server";
import { type FormServices, requestContext, servicesContext } from "../services.server";
import { inspectCv } from "./cv-file.server";
import { type ArrivedField, arrivedFields, arrivedValues } from "./oversized-body.server";
import type { FormReply } from "../components/forms/use-site-form";
import { MAX_CV_BYTES, SENT_BY_SCRIPT_FIELD } from "../../common/limits.ts";
import {
  APPLY_SUCCESS,
  APPLY_UPLOAD_FAILURE,
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  CV_TOO_LARGE,
  CV_WRONG_TYPE,
  FORM_TOO_LARGE,
  JOB_REQUIRED,
  MESSAGE_TOO_LONG,
  TOO_FAST,
} from "./messages";
import { parseApplication, parseContact, phoneE164 } from "./schemas";
import { isBot, tooFast } from "./spam";

export const MESSAGES = {
  unreadable: "We could not read what your browser sent. Please try again.",
  wrongContentType: "Please send this form from the page on our website.",
} as const;

function reply(body: FormReply, status: number) {
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** A post made by the page's script rather than a plain HTML form (the form marks it). */
function sentByScript(form: FormData): boolean {
  return form.get(SENT_BY_SCRIPT_FIELD) === "1";
}

/** A refusal that is not about one field: the line under the form, the fields kept. */
function refuse(message: string, status: number, lastResult?: FormReply["lastResult"]) {
  return reply({ result: { ok: false, message }, lastResult }, status);
}

function contentTypeOf(request: Request): string {
  return request.headers.get("Content-Type") ?? "";
}

/** The consent is given afresh each time: a failed post never comes back ticked. */
const HIDDEN_AFTER_FAILURE = ["consent"];

// ------------------------------------------------------------- too large a body

/**
 * A contact post cut off at the size cap. The message field is named only when what
 * arrived of it is already over its limit (the schema says); otherwise the form as a
 * whole was too large, whatever made it so.
 */
function contactTooLarge(arrived: ArrivedField[]) {
  const message = arrived.find((f) => f.name === "message" && !f.isFile);
  const messageForm = new FormData();
  if (message) messageForm.set("message", message.value);
  const checked = parseContact(messageForm);
  const messageTooLong = checked.status === "error" && (checked.error?.message ?? []).includes(MESSAGE_TOO_LONG);
  const initialValue = arrivedValues(arrived, (f) => !(messageTooLong && f === message));
  if (messageTooLong) {
    return reply({ lastResult: { status: "error", initialValue, error: { message: [MESSAGE_TOO_LONG] } } }, 413);
  }
  return refuse(FORM_TOO_LARGE, 413, { status: "error", initialValue, error: {} });
}

/**
 * The page sends its hidden fields, name, e-mail and phone before the CV: a few KB even at
 * their limits. The server's cap leaves 64 KB beyond a full CV (MAX_BODY_BYTES in
 * server/app.ts), so a body cut off inside the CV with no more than this before it holds a
 * CV over its limit.
 */
const MOST_BEFORE_CV_BYTES = 16 * 1024;

/**
 * An application too large to read: a part over the parser's limit (which holds for every
 * part, a comment too) or a body cut off at the server's cap. The CV is named only when it
 * is certainly the cause: over its limit in what arrived, or, when the cap cut the body,
 * cut inside it with little before it. Otherwise the form as a whole was too large.
 */
function applicationTooLarge(arrived: ArrivedField[], cutAtCap: boolean) {
  const cv = arrived.find((f) => f.name === "cv" && f.isFile);
  const cvIsTheCause =
    cv !== undefined && (cv.size > MAX_CV_BYTES || (cutAtCap && !cv.complete && cv.start <= MOST_BEFORE_CV_BYTES));
  const initialValue = arrivedValues(arrived, (f) => !HIDDEN_AFTER_FAILURE.includes(f.name));
  if (cvIsTheCause) return reply({ lastResult: { status: "error", initialValue, error: { cv: [CV_TOO_LARGE] } } }, 413);
  return refuse(FORM_TOO_LARGE, 413, { status: "error", initialValue, error: {} });
}

// ---------------------------------------------------------------------- contact

/** The contact route's action. */
export function contactAction({ request, context }: ActionFunctionArgs) {
  return submitContact(request, context);
}

/** The job route's action: an application for the opening in the URL. */
export function applicationAction({ request, params, context }: ActionFunctionArgs) {
  const job = content.jobs.find((j) => j.slug === params.slug);
  if (!job) throw data(null, { status: 404, statusText: "Not Found" });
  return submitApplication(request, context, { slug: job.slug, title: job.title });
}

async function submitContact(request: Request, context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const facts = context.get(requestContext);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    if (facts.bodyTooLarge()) return contactTooLarge(arrivedFields(facts.bodyArrived(), contentTypeOf(request)));
    return refuse(MESSAGES.unreadable, 400);
  }
  if (isBot(form)) return success(form, `/contact?${CONTACT_SENT}=1`, CONTACT_SUCCESS);
  const submission = parseContact(form);
  if (tooFast(form, services.settings.minFillMs)) return refuse(TOO_FAST, 400, submission.reply());
  if (submission.status !== "success") return reply({ lastResult: submission.reply() }, 400);

  const values = submission.value;
  const input: SubmissionInput = {
    kind: "contact",
    name: values.name,
    email: values.email,
    phone: phoneE164(values),
    message: values.message,
  };
  const saved = await accept(services, input, ["company_notification"]);
  if (!saved) return refuse(CONTACT_FAILURE, 503, submission.reply());
  return success(form, `/contact?${CONTACT_SENT}=1`, CONTACT_SUCCESS);
}

// ------------------------------------------------------------------ application

interface Upload {
  name: string;
  size: number;
  bytes: Uint8Array;
}

async function submitApplication(
  request: Request,
  context: Readonly<RouterContextProvider>,
  job: { slug: string; title: string },
) {
  const services = context.get(servicesContext);
  const facts = context.get(requestContext);

  if (!contentTypeOf(request).startsWith("multipart/form-data")) {
    return refuse(MESSAGES.wrongContentType, 415);
  }
  let upload: Upload | null = null;
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles: 1, maxFileSize: MAX_CV_BYTES, maxParts: 20 }, async (file) => {
      if (file.fieldName !== "cv" || (file.name === "" && file.size === 0)) return null;
      upload = { name: file.name, size: file.size, bytes: await file.bytes() };
      // The schema sees the file by its name and size, as the browser does.
      return new File([upload.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type });
    });
  } catch (error) {
    const partOverLimit = error instanceof MaxFileSizeExceededError;
    if (partOverLimit || facts.bodyTooLarge()) {
      return applicationTooLarge(arrivedFields(facts.bodyArrived(), contentTypeOf(request)), !partOverLimit);
    }
    // Malformed multipart, a cut-off upload, a broken stream: the visitor can only retry.
    if (!(error instanceof MultipartParseError)) console.warn("Unreadable application post:", String(error));
    return refuse(MESSAGES.unreadable, 400);
  }
  const redirectTo = `/careers/jobs/vlsi/${job.slug}?${JOB_APPLIED}=1#apply`;
  if (isBot(form)) return success(form, redirectTo, APPLY_SUCCESS);
  const submission = parseApplication(form);
  const kept = () => submission.reply({ hideFields: HIDDEN_AFTER_FAILURE });
  if (tooFast(form, services.settings.minFillMs)) return refuse(TOO_FAST, 400, kept());
  if (submission.status !== "success") return reply({ lastResult: kept() }, 400);
  // The form names the opening it was sent for; it must be this page's.
  if (submission.value.job !== job.slug) {
    return reply(
      { lastResult: submission.reply({ fieldErrors: { job: [JOB_REQUIRED] }, hideFields: HIDDEN_AFTER_FAILURE }) },
      400,
    );
  }
  const cvUpload = upload as Upload | null;
  const cv = cvUpload ? await inspectCv(cvUpload.name, cvUpload.bytes) : null;
  if (!cv?.ok) {
    return reply(
      { lastResult: submission.reply({ fieldErrors: { cv: [CV_WRONG_TYPE] }, hideFields: HIDDEN_AFTER_FAILURE }) },
      400,
    );
  }

  const values = submission.value;
  const input: SubmissionInput = {
    kind: "application",
    name: values.name,
    email: values.email,
    phone: phoneE164(values),
    comment: values.comment === "" ? null : values.comment,
    jobSlug: job.slug,
    jobTitle: job.title,
    consent: { givenAt: new Date(), privacyVersion: content.privacy.version },
    cv: cv.file,
  };
  const saved = await accept(services, input, ["company_notification", "applicant_confirmation"]);
  if (!saved) return refuse(APPLY_UPLOAD_FAILURE, 503, kept());
  return success(form, redirectTo, APPLY_SUCCESS);
}

// ---------------------------------------------------------------------- shared

/** True once the submission is stored (the server then sends its mail); false when it could not be. */
async function accept(services: FormServices, input: SubmissionInput, mails: SubmissionMailKind[]) {
  try {
    await services.submissions.accept(input, mails);
  } catch (error) {
    console.error(`Could not store a ${input.kind} submission:`, error);
    return false;
  }
  return true;
}

/** Without JavaScript: post/redirect/get, so a reload cannot send twice. */
function success(form: FormData, location: string, message: string) {
  if (!sentByScript(form)) return redirect(location, 303);
  return reply({ result: { ok: true, message } }, 200);
}
