/**
 * The client loader of the routes whose paths come from content (a case study, a job, a
 * service). In the server build it only fetches the route's data, as React Router would.
 * In the static build a path that was not prerendered has no data file: the host sends
 * 404.html, which hydrates at that path, and its data cannot be had. That is the
 * 'Not Found...' screen, not an application error (decision 0006).
 */
import { data } from "react-router";
import { IS_STATIC_BUILD } from "../build-target.ts";

export async function loadOrNotFound<T>({ serverLoader }: { serverLoader: () => Promise<T> }): Promise<T> {
  if (!IS_STATIC_BUILD) return serverLoader();
  try {
    return await serverLoader();
  } catch {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
}
