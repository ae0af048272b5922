/**
 * The job route's `clientAction` in both builds (the seam: `../submit-path.ts`): the
 * server build posts to `action.server.ts`; the static build sends from the browser
 * (`send-application.ts`, loaded only now), once it knows the opening is still there.
 */
import { data } from "react-router";
import { IS_STATIC_BUILD } from "../../build-target.ts";
import type { FormReply } from "../reply.ts";
import { type ClientActionArgs, postToServer } from "../submit-path.ts";
import { APPLY_FAILURE } from "./messages.ts";

export async function applicationClientAction({ request, serverAction }: ClientActionArgs): Promise<FormReply> {
  if (IS_STATIC_BUILD) {
    if (await openingHasLeft(request.url)) throw data(null, { status: 410, statusText: "Gone" });
    const { sendApplication } = await import("./send-application.ts");
    return sendApplication(await request.formData());
  }
  return postToServer(serverAction, APPLY_FAILURE);
}

/**
 * Whether the opening's page is gone from the static host: a build since the page was
 * opened left the opening off the site. Only a 404 says so; if the host cannot be asked,
 * the application goes ahead rather than be lost.
 */
async function openingHasLeft(pageUrl: string): Promise<boolean> {
  const page = new URL(pageUrl);
  page.search = "";
  try {
    const answer = await fetch(page, { method: "HEAD", cache: "no-store" });
    return answer.status === 404;
  } catch {
    return false;
  }
}
