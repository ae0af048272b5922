/**
 * The `emailjs` transport: each mail is one call to EmailJS's REST API, so a company keeps
 * its EmailJS templates and still gets the outbox's store-then-deliver and retries
 * (docs/decisions/0007).
 *
 * The call is EmailJS's documented send: `POST <apiOrigin>/api/v1.0/email/send` with the
 * JSON body `{ service_id, template_id, user_id, accessToken, template_params }`, where
 * `user_id` is the account's public key and `accessToken` its private key. EmailJS refuses
 * calls from outside a browser unless "API access from non-browser environments" is
 * switched on in its dashboard (Account, Security).
 *
 * Success is HTTP 200 and nothing else. Every other answer, a timeout or a network error
 * rejects, and the outbox retries with its backoff, never dropping the mail. A 4xx other
 * than 408 and 429 (a wrong template id, a wrong key, non-browser calls switched off) will
 * fail the same way until someone changes a setting; it is still retried, so the mail goes
 * out by itself once the setting is fixed, and its error says "ACTION NEEDED" and what to
 * change. Errors name the status and EmailJS's text, never the keys or the mail's content.
 */
import type { MailConfig, TemplateName } from "./config.ts";
import type { MailTransport } from "./mail-transport.ts";

const EMAILJS_SEND_PATH = "/api/v1.0/email/send";
/** A send that takes longer fails the attempt, well inside the outbox's 60 s lease. */
const EMAILJS_TIMEOUT_MS = 20_000;
/** EmailJS's answer is a short text; more is not worth keeping in a log line. */
const MAX_ANSWER_LENGTH = 200;
/**
 * Sends at once, whatever the outbox's concurrency: EmailJS limits how fast one account
 * may call it, and a backlog sent faster only collects 429s (retried, but later).
 */
const EMAILJS_MAX_PARALLEL = 2;

const TEMPLATE_VARIABLE: Record<TemplateName, string> = {
  contact: "EMAILJS_CONTACT_TEMPLATE",
  application: "EMAILJS_APPLICATION_TEMPLATE",
  confirmation: "EMAILJS_CONFIRMATION_TEMPLATE",
};

/** A failed send: the HTTP status (null when there was no answer) and whether a setting must change. */
export class EmailJsError extends Error {
  override name = "EmailJsError";
  readonly status: number | null;
  /** True when retrying the same request cannot succeed until a setting is changed. */
  readonly actionNeeded: boolean;

  constructor(message: string, status: number | null, actionNeeded: boolean) {
    super(message);
    this.status = status;
    this.actionNeeded = actionNeeded;
  }
}

export function emailJsTransport(config: MailConfig): MailTransport {
  const settings = config.emailjs;
  if (!settings) throw new Error("the emailjs mail transport needs its settings (the EMAILJS_* variables)");
  const endpoint = new URL(EMAILJS_SEND_PATH, settings.apiOrigin).href;
  const timeoutMs = settings.timeoutMs ?? EMAILJS_TIMEOUT_MS;

  return {
    async send({ message, template }) {
      const body = JSON.stringify({
        service_id: settings.serviceId,
        template_id: settings.templates[template.name],
        user_id: settings.publicKey,
        accessToken: settings.privateKey,
        template_params: template.params,
      });
      let status: number;
      let answer: string;
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
          // A redirect is a misconfigured EMAILJS_API_ORIGIN, not something to follow with the keys.
          redirect: "manual",
          // Covers connecting, the answer's headers and its body.
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        answer = await response.text();
      } catch (error) {
        throw new EmailJsError(unreachable(error, settings.apiOrigin, timeoutMs), null, false);
      }
      if (status === 200) return { messageId: typeof message.messageId === "string" ? message.messageId : "" };
      throw refusal(status, shownAnswer(answer, settings.privateKey), template.name);
    },
    // No verify(): EmailJS has no call that checks a send would work without sending, so
    // the outbox probes an outage by retrying the oldest waiting mail.
    maxParallel: EMAILJS_MAX_PARALLEL,
    close() {
      // Nothing to close: each send is one fetch.
    },
  };
}

function refusal(status: number, answer: string, template: TemplateName): EmailJsError {
  const what = `EmailJS answered HTTP ${status}${answer ? ` "${answer}"` : ""} for the ${template} mail`;
  const actionNeeded = (fix: string) =>
    new EmailJsError(`${what}; ACTION NEEDED, retries will fail until this is fixed: ${fix}`, status, true);
  if (status === 408 || status === 429) return new EmailJsError(`${what}; will retry`, status, false);
  if ((status === 401 || status === 403) && /non-browser/i.test(answer))
    return actionNeeded(
      'switch on "API access from non-browser environments" in the EmailJS dashboard (Account, Security)',
    );
  if (status === 401 || status === 403) return actionNeeded("check EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY");
  if (status === 404) return actionNeeded("check EMAILJS_API_ORIGIN");
  if (status >= 400 && status < 500)
    return actionNeeded(
      `check EMAILJS_SERVICE_ID, ${TEMPLATE_VARIABLE[template]} and that template's variables in EmailJS`,
    );
  if (status >= 300 && status < 400) return actionNeeded("check EMAILJS_API_ORIGIN (EmailJS never redirects a send)");
  return new EmailJsError(`${what}; will retry`, status, false);
}

function unreachable(error: unknown, origin: string, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `EmailJS at ${origin} did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}; will retry`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause && "code" in cause && typeof cause.code === "string" ? cause.code : null;
  const detail = code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `EmailJS at ${origin} could not be reached (${detail}); will retry`;
}

/** EmailJS's answer for a log line: one line, printable, short, and never the private key. */
function shownAnswer(text: string, privateKey: string): string {
  const redacted = privateKey.length >= 4 ? text.split(privateKey).join("***") : text;
  const oneLine = Array.from(redacted, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) ? " " : ch;
  })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return oneLine.length > MAX_ANSWER_LENGTH ? `${oneLine.slice(0, MAX_ANSWER_LENGTH - 1)}…` : oneLine;
}
