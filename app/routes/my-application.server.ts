/**
 * The applicant's own page, server side (docs/decisions/0017): the loader shows, the
 * action erases, both through the server's `applicantData` service (common/form-services.ts),
 * which checks the signed token first. A GET never deletes: mail scanners open links.
 * The server's form guard (same origin, rate limit) runs before the action, as for every form.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "react-router";
import type { ApplicantDataErasure, ApplicantDataView } from "../../common/form-services.ts";
import { servicesContext } from "../services.server.ts";

/** Tampered or not ours: 404; expired or gone: 410; otherwise 200. */
function statusOf(answer: ApplicantDataView | ApplicantDataErasure): number {
  if (answer.status === "invalid") return 404;
  if (answer.status === "expired" || answer.status === "gone") return 410;
  return 200;
}

export async function applicantDataLoader({ params, context }: LoaderFunctionArgs) {
  const view = await context.get(servicesContext).applicantData.view(params.token ?? "");
  return data(view, { status: statusOf(view) });
}

export async function applicantDataAction({ params, context }: ActionFunctionArgs) {
  const erasure = await context.get(servicesContext).applicantData.erase(params.token ?? "");
  return data(erasure, { status: statusOf(erasure) });
}
