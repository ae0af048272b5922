/**
 * The contact form in the static build (decision 0006): the same schema as the server, the
 * spam checks the browser can make, then one EmailJS send with the old site's template params.
 */
import { site } from "../../content/site.ts";
import { loadFormModule } from "../load-form-module.ts";
import { TOO_FAST } from "../messages.ts";
import type { FormReply } from "../reply.ts";
import { isBot, tooFast } from "../spam.ts";
import { publicConfig } from "../static-submit/config.ts";
import { CONTACT_FAILURE, CONTACT_SUCCESS } from "./messages.ts";

export async function sendContact(form: FormData): Promise<FormReply> {
  const forms = await loadFormModule();
  if (!forms) return { result: { ok: false, message: CONTACT_FAILURE } };
  const submission = forms.parseContact(form);
  // A filled honeypot looks like success and sends nothing (as on the server).
  if (isBot(form)) return { result: { ok: true, message: CONTACT_SUCCESS } };
  if (tooFast(form, publicConfig().PUBLIC_MIN_FILL_SECONDS * 1000)) {
    return { lastResult: submission.reply(), result: { ok: false, message: TOO_FAST } };
  }
  if (submission.status !== "success") return { lastResult: submission.reply() };

  const values = submission.value;
  const { sendTemplate } = await import("../static-submit/emailjs-client.ts");
  const sent = await sendTemplate(publicConfig().PUBLIC_EMAILJS_CONTACT_TEMPLATE, {
    to_name: site.name,
    from_name: values.name,
    from_email: values.email,
    from_mobile: forms.phoneE164(values),
    message: values.message,
  });
  return sent
    ? { result: { ok: true, message: CONTACT_SUCCESS } }
    : { lastResult: submission.reply(), result: { ok: false, message: CONTACT_FAILURE } };
}
