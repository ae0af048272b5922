/**
 * The one seam between the two builds' forms (decision 0006). Each form route exports its
 * form's client action (`contact/client-action.ts`, `application/client-action.ts`) as
 * its `clientAction`, so `<Form>`, `useNavigation` and `useActionData` work the same in
 * both builds:
 * - server build: the post goes to the route's server `action` (store first, then
 *   deliver). If the post itself fails (offline, or a proxy answering 502/504 instead of
 *   our server) the visitor gets the form's failure line and keeps what they typed,
 *   never the whole-page error screen.
 * - static build: there is no server; the form is sent from the browser through EmailJS
 *   (and Firebase Storage for the CV), loaded only now.
 * Without JavaScript the browser posts to the server action directly (server build), or
 * the page offers e-mail instead of a form that cannot work (static build).
 */
import { isRouteErrorResponse } from "react-router";
import type { FormReply } from "./reply.ts";

/** What a route's clientAction receives that a form's client action needs. */
export type ClientActionArgs = { request: Request; serverAction: () => Promise<unknown> };

/** The server build's way: the route's server action, or the form's failure line if the post never reached it. */
export async function postToServer(serverAction: () => Promise<unknown>, failure: string): Promise<FormReply> {
  try {
    return (await serverAction()) as FormReply;
  } catch (error) {
    // Our server answers every refusal as data, but for an application to an opening that
    // has closed: that is its own screen (410, app/root.tsx). Any other throw means the
    // post never reached it.
    if (isRouteErrorResponse(error) && error.status === 410) throw error;
    console.error("The form could not be sent:", error);
    return { result: { ok: false, message: failure } };
  }
}
