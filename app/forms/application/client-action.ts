/**
 * The job route's `clientAction` in both builds (the seam: `../submit-path.ts`): the
 * server build posts to `action.server.ts`; the static build sends from the browser
 * (`send-application.ts`, loaded only now).
 */
import { IS_STATIC_BUILD } from "../../build-target.ts";
import type { FormReply } from "../reply.ts";
import { type ClientActionArgs, postToServer } from "../submit-path.ts";
import { APPLY_FAILURE } from "./messages.ts";

export async function applicationClientAction({ request, serverAction }: ClientActionArgs): Promise<FormReply> {
  if (IS_STATIC_BUILD) {
    const { sendApplication } = await import("./send-application.ts");
    return sendApplication(await request.formData());
  }
  return postToServer(serverAction, APPLY_FAILURE);
}
