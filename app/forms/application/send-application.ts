/**
 * An application in the static build (decision 0006): the same schema as the server (so the
 * 500 KB and file-type checks run before anything is uploaded), the spam checks the
 * browser can make, then the CV to Firebase Storage, its download link, and one EmailJS
 * send to the application template. Each step's failure has its own message (messages.ts).
 */
import { JOB_TITLE_FIELD, PRIVACY_VERSION_FIELD } from "../../../common/limits.ts";
import { loadFormModule } from "../load-form-module.ts";
import { TOO_FAST } from "../messages.ts";
import type { FormReply } from "../reply.ts";
import { isBot, tooFast } from "../spam.ts";
import { publicConfig } from "../static-submit/config.ts";
import { APPLY_FAILURE, APPLY_NO_DOWNLOAD_LINK, APPLY_SUCCESS, APPLY_UPLOAD_FAILURE } from "./messages.ts";

/** The consent is given afresh each time: a failed send never comes back ticked. */
const HIDDEN_AFTER_FAILURE = ["consent"];

export async function sendApplication(form: FormData): Promise<FormReply> {
  const forms = await loadFormModule();
  if (!forms) return { result: { ok: false, message: APPLY_FAILURE } };
  const submission = forms.parseApplication(form);
  const kept = () => submission.reply({ hideFields: HIDDEN_AFTER_FAILURE });
  const failed = (message: string): FormReply => ({ lastResult: kept(), result: { ok: false, message } });
  if (isBot(form)) return { result: { ok: true, message: APPLY_SUCCESS } };
  if (tooFast(form, publicConfig().PUBLIC_MIN_FILL_SECONDS * 1000)) return failed(TOO_FAST);
  if (submission.status !== "success") return { lastResult: kept() };

  const values = submission.value;
  const cv = form.get("cv");
  if (!(cv instanceof File)) return failed(APPLY_UPLOAD_FAILURE);
  const { uploadCv } = await import("../static-submit/firebase-upload.ts");
  const upload = await uploadCv(cv);
  // Cancelled by the visitor: the dialog closes, no line to show.
  if (upload.kind === "canceled") return { canceled: true };
  if (upload.kind === "failed") return failed(APPLY_UPLOAD_FAILURE);
  if (upload.kind === "no-link") return failed(APPLY_NO_DOWNLOAD_LINK);

  const { sendTemplate } = await import("../static-submit/emailjs-client.ts");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const sent = await sendTemplate(publicConfig().PUBLIC_EMAILJS_APPLICATION_TEMPLATE, {
    name: values.name,
    email: values.email,
    phone: forms.phoneE164(values),
    comment: values.comment,
    attachment: upload.link,
    job: text(JOB_TITLE_FIELD) || values.job,
    privacy_version: text(PRIVACY_VERSION_FIELD),
  });
  return sent ? { result: { ok: true, message: APPLY_SUCCESS } } : failed(APPLY_FAILURE);
}
