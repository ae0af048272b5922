/**
 * The one seam between the two builds' forms (decision 0006). Each form route exports
 * these as its `clientAction`, so `<Form>`, `useNavigation` and `useActionData` work the
 * same in both builds:
 * - server build: the post goes to the route's server `action` (store first, then
 *   deliver). If the post itself fails (offline, or a proxy answering 502/504 instead of
 *   our server) the visitor gets the form's failure line and keeps what they typed,
 *   never the whole-page error screen.
 * - static build: there is no server; the form is sent from the browser through EmailJS
 *   (and Firebase Storage for the CV), loaded only now.
 * Without JavaScript the browser posts to the server action directly (server build), or
 * the page offers e-mail instead of a form that cannot work (static build).
 */
import { IS_STATIC_BUILD } from "../build-target.ts";
import type { FormReply } from "../components/forms/use-site-form.ts";
import { APPLY_FAILURE, CONTACT_FAILURE } from "./messages.ts";

/** What a route's clientAction receives that these need. */
type ClientActionArgs = { request: Request; serverAction: () => Promise<unknown> };

export async function contactClientAction({ request, serverAction }: ClientActionArgs): Promise<FormReply> {
  if (IS_STATIC_BUILD) {
    const { sendContact } = await import("./static-submit/send-contact.ts");
    return sendContact(await request.formData());
  }
  return postToServer(serverAction, CONTACT_FAILURE);
}

export async function applicationClientAction({ request, serverAction }: ClientActionArgs): Promise<FormReply> {
  if (IS_STATIC_BUILD) {
    const { sendApplication } = await import("./static-submit/send-application.ts");
    return sendApplication(await request.formData());
  }
  return postToServer(serverAction, APPLY_FAILURE);
}

async function postToServer(serverAction: () => Promise<unknown>, failure: string): Promise<FormReply> {
  try {
    return (await serverAction()) as FormReply;
  } catch (error) {
    // Our server answers every refusal as data; a throw means the post never reached it.
    console.error("The form could not be sent:", error);
    return { result: { ok: false, message: failure } };
  }
}
