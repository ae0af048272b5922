/**
 * The contact route's server action (the route exports it as `action`): the steps every
 * form post takes (`../action-steps.server.ts`), with the contact schema, then the
 * message stored for the company's notification.
 */
import type { ActionFunctionArgs, RouterContextProvider } from "react-router";
import { CONTACT_SENT } from "../../../common/page-queries.ts";
import type { SubmissionInput } from "../../../common/submissions.ts";
import { requestContext, servicesContext } from "../../services.server.ts";
import { accept, contentTypeOf, MESSAGES, refuse, reply, success } from "../action-steps.server.ts";
import { FORM_TOO_LARGE, TOO_FAST } from "../messages.ts";
import { type ArrivedField, arrivedFields, arrivedValues } from "../oversized-body.server.ts";
import { phoneE164 } from "../shared-schema.ts";
import { isBot, tooFast } from "../spam.ts";
import { CONTACT_FAILURE, CONTACT_SUCCESS, MESSAGE_TOO_LONG } from "./messages.ts";
import { parseContact } from "./schema.ts";

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

/** The contact route's action. */
export function contactAction({ request, context }: ActionFunctionArgs) {
  return submitContact(request, context);
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
