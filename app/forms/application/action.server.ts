/**
 * The job route's server action (the route exports it as `action`): the steps every form
 * post takes (`../action-steps.server.ts`), with the application schema, the opening in
 * the URL and the CV's real type (`cv-file.server.ts`), then the application stored for
 * the company's notification and the applicant's confirmation.
 */
import { MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { type ActionFunctionArgs, data, type RouterContextProvider } from "react-router";
import { MAX_CV_BYTES } from "../../../common/limits.ts";
import { JOB_APPLIED } from "../../../common/page-queries.ts";
import type { SubmissionInput } from "../../../common/submissions.ts";
import { content } from "../../content/catalog.server.ts";
import { requestContext, servicesContext } from "../../services.server.ts";
import { accept, contentTypeOf, MESSAGES, refuse, reply, success } from "../action-steps.server.ts";
import { FORM_TOO_LARGE, TOO_FAST } from "../messages.ts";
import { type ArrivedField, arrivedFields, arrivedValues } from "../oversized-body.server.ts";
import { phoneE164 } from "../shared-schema.ts";
import { isBot, tooFast } from "../spam.ts";
import { inspectCv } from "./cv-file.server.ts";
import { APPLY_SUCCESS, APPLY_UPLOAD_FAILURE, CV_TOO_LARGE, CV_WRONG_TYPE, JOB_REQUIRED } from "./messages.ts";
import { parseApplication } from "./schema.ts";

/** The consent is given afresh each time: a failed post never comes back ticked. */
const HIDDEN_AFTER_FAILURE = ["consent"];

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

/** The job route's action: an application for the opening in the URL. */
export function applicationAction({ request, params, context }: ActionFunctionArgs) {
  const job = content.jobs.find((j) => j.slug === params.slug);
  // Closed, or never there: the page was opened before the opening left the site (410,
  // the root's error screen says so; a GET of the page is a plain 404).
  if (!job) throw data(null, { status: 410, statusText: "Gone" });
  return submitApplication(request, context, { slug: job.slug, title: job.title });
}

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
