/**
 * One EmailJS send through the official browser SDK (decision 0006): `POST /api/v1.0/email/send`
 * with lib_version, user_id, service_id, template_id and template_params. Loaded only
 * when a form is first sent. Success is status 200 or the text 'OK'; anything else, a
 * network error included, is a failure (logged, never thrown).
 */
import { init, send } from "@emailjs/browser";
import { publicConfig } from "./config.ts";
import { serviceOrigins } from "./public-config.ts";

export async function sendTemplate(templateId: string, params: Record<string, string>): Promise<boolean> {
  const config = publicConfig();
  init({ publicKey: config.PUBLIC_EMAILJS_PUBLIC_KEY }, serviceOrigins(config).emailjs);
  try {
    const answer = await send(config.PUBLIC_EMAILJS_SERVICE_ID, templateId, params);
    return answer.status === 200 || answer.text === "OK";
  } catch (error) {
    console.error("EmailJS did not accept the message:", error);
    return false;
  }
}
