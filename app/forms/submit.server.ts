/**
 * The one path every form post takes on the server: same-origin check, rate limit,
 * body parsing under the size cap, honeypot and fill time, the shared zod schema, the
 * CV's real type, then one transaction in the store and a nudge to the outbox. Each
 * refusal is a clear message on the form; nothing is written unless all of it passed.
 */
import { MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { MailKind, SubmissionInput } from "../../server/submissions/types.ts";
import { content } from "../content/catalog.server";
import { type FormServices, requestContext, servicesContext } from "../services.server";
import { inspectCv } from "./cv-file.server";
import {
  APPLY_SUCCESS,
  APPLY_UPLOAD_FAILURE,
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  CV_TOO_LARGE,
  CV_WRONG_TYPE,
  HONEYPOT_FIELD,
  MAX_CV_BYTES,
  MESSAGE_TOO_LONG,
  STARTED_AT_FIELD,
} from "./rules";
import {
  APPLICATION_FIELDS,
  applicationSchema,
  CONTACT_FIELDS,
  contactSchema,
  fieldErrors,
  phoneE164,
  textValues,
} from "./schemas";

export type FormReply = {
  result?: { ok: boolean; message: string };
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

export const MESSAGES = {
  crossOrigin: "This form can only be sent from our own website. Please open the page again and resend it.",
  tooMany: "Too many submissions from your network in a short time. Please wait a few minutes and try again.",
  tooFast: "That was quicker than anyone can type. Please check the form and send it again.",
  unreadable: "We could not read what your browser sent. Please try again.",
  wrongContentType: "Please send this form from the page on our website.",
} as const;

function reply(body: FormReply, status: number) {
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** A post made by React Router in the browser (to `<path>.data`) rather than a plain HTML form. */
function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Origin and rate limit: checked before the body is read. */
function guard(request: Request, context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const facts = context.get(requestContext);
  const origin = originOf(request.headers.get("Origin")) ?? originOf(request.headers.get("Referer"));
  const allowed =
    origin !== null && (origin === facts.publicOrigin || services.settings.allowedOrigins.includes(origin));
  if (!allowed) return { refusal: reply({ result: { ok: false, message: MESSAGES.crossOrigin } }, 403) };
  if (!services.allowPost(facts.clientAddress)) {
    return { refusal: reply({ result: { ok: false, message: MESSAGES.tooMany } }, 429) };
  }
  return { services, facts };
}

/** True when a script (not a person) sent the form: the honeypot is filled. */
function isBot(form: FormData): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

/** Sent faster than a person could, when the browser recorded a start (no JS: not timed). */
function tooFast(form: FormData, minFillMs: number, now: number): boolean {
  const started = Number(form.get(STARTED_AT_FIELD));
  return Number.isFinite(started) && started > 0 && now - started < minFillMs;
}

function keptValues(values: Record<string, string>): Record<string, string> {
  const { consent: _consent, ...rest } = values;
  return rest;
}

// ---------------------------------------------------------------------- contact

export async function submitContact(request: Request, context: Readonly<RouterContextProvider>) {
  const checked = guard(request, context);
  if ("refusal" in checked) return checked.refusal;
  const { services, facts } = checked;

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    if (facts.bodyTooLarge()) return reply({ errors: { message: MESSAGE_TOO_LONG } }, 413);
    return reply({ result: { ok: false, message: MESSAGES.unreadable } }, 400);
  }
  const values = textValues(form, CONTACT_FIELDS);
  if (isBot(form)) return success(request, "/contact?sent=1", CONTACT_SUCCESS);
  if (tooFast(form, services.settings.minFillMs, Date.now())) {
    return reply({ result: { ok: false, message: MESSAGES.tooFast }, values }, 400);
  }
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) return reply({ errors: fieldErrors(parsed.error.issues), values }, 400);

  const input: SubmissionInput = {
    kind: "contact",
    name: parsed.data.name,
    email: parsed.data.email,
    phone: phoneE164(parsed.data),
    message: parsed.data.message,
  };
  const saved = await save(services, input, ["company_notification"]);
  if (!saved) return reply({ result: { ok: false, message: CONTACT_FAILURE }, values }, 503);
  return success(request, "/contact?sent=1", CONTACT_SUCCESS);
}

// ------------------------------------------------------------------ application

interface Upload {
  name: string;
  size: number;
  bytes: Uint8Array;
}

export async function submitApplication(
  request: Request,
  context: Readonly<RouterContextProvider>,
  job: { slug: string; title: string },
) {
  const checked = guard(request, context);
  if ("refusal" in checked) return checked.refusal;
  const { services, facts } = checked;

  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return reply({ result: { ok: false, message: MESSAGES.wrongContentType } }, 415);
  }
  let upload: Upload | null = null;
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles: 1, maxFileSize: MAX_CV_BYTES, maxParts: 20 }, async (file) => {
      if (file.fieldName !== "cv" || (file.name === "" && file.size === 0)) return null;
      upload = { name: file.name, size: file.size, bytes: await file.bytes() };
      return null;
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || facts.bodyTooLarge()) {
      return reply({ errors: { cv: CV_TOO_LARGE } }, 413);
    }
    // Malformed multipart, a cut-off upload, a broken stream: the visitor can only retry.
    if (!(error instanceof MultipartParseError)) console.warn("Unreadable application post:", String(error));
    return reply({ result: { ok: false, message: MESSAGES.unreadable } }, 400);
  }
  const values = textValues(form, APPLICATION_FIELDS);
  const redirectTo = `/careers/jobs/vlsi/${job.slug}?applied=1#apply`;
  if (isBot(form)) return success(request, redirectTo, APPLY_SUCCESS);
  if (tooFast(form, services.settings.minFillMs, Date.now())) {
    return reply({ result: { ok: false, message: MESSAGES.tooFast }, values: keptValues(values) }, 400);
  }
  const cvUpload = upload as Upload | null;
  const parsed = applicationSchema.safeParse({ ...values, cv: cvUpload });
  if (!parsed.success) return reply({ errors: fieldErrors(parsed.error.issues), values: keptValues(values) }, 400);
  if (!cvUpload) return reply({ errors: { cv: CV_WRONG_TYPE }, values: keptValues(values) }, 400);
  const cv = inspectCv(cvUpload.name, cvUpload.bytes);
  if (!cv.ok) return reply({ errors: { cv: CV_WRONG_TYPE }, values: keptValues(values) }, 400);

  const input: SubmissionInput = {
    kind: "application",
    name: parsed.data.name,
    email: parsed.data.email,
    phone: phoneE164(parsed.data),
    comment: parsed.data.comment === "" ? null : parsed.data.comment,
    jobSlug: job.slug,
    jobTitle: job.title,
    consent: { givenAt: new Date(), privacyVersion: content.privacy.version },
    cv: cv.file,
  };
  const saved = await save(services, input, ["company_notification", "applicant_confirmation"]);
  if (!saved) return reply({ result: { ok: false, message: APPLY_UPLOAD_FAILURE }, values: keptValues(values) }, 503);
  return success(request, redirectTo, APPLY_SUCCESS);
}

// ---------------------------------------------------------------------- shared

async function save(services: FormServices, input: SubmissionInput, mails: MailKind[]) {
  try {
    await services.store.save(input, mails);
  } catch (error) {
    console.error(`Could not store a ${input.kind} submission:`, error);
    return false;
  }
  services.kickOutbox();
  return true;
}

/** Without JavaScript: post/redirect/get, so a reload cannot send twice. */
function success(request: Request, location: string, message: string) {
  if (!isDataRequest(request)) return redirect(location, 303);
  return reply({ result: { ok: true, message } }, 200);
}
