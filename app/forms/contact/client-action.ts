/**
 * The contact route's `clientAction` in both builds (the seam: `../submit-path.ts`): the
 * server build posts to `action.server.ts`; the static build sends from the browser
 * (`send-contact.ts`, loaded only now).
 */
import { IS_STATIC_BUILD } from "../../build-target.ts";
import type { FormReply } from "../reply.ts";
import { type ClientActionArgs, postToServer } from "../submit-path.ts";
import { CONTACT_FAILURE } from "./messages.ts";

export async function contactClientAction({ request, serverAction }: ClientActionArgs): Promise<FormReply> {
  if (IS_STATIC_BUILD) {
    const { sendContact } = await import("./send-contact.ts");
    return sendContact(await request.formData());
  }
  return postToServer(serverAction, CONTACT_FAILURE);
}
