/**
 * The query parameters a page reads: the landing of a form sent without JavaScript
 * (post/redirect/get). These are the only queries worth a render: any other query
 * (`?utm_source=…`, a random one) changes nothing on the page, so the server and nginx
 * answer it with the prerendered file (docs/decisions/0033).
 */

/** /contact?sent=1, after a contact message. */
export const CONTACT_SENT = "sent";
/** /careers/jobs/vlsi/<job>?applied=1, after an application. */
export const JOB_APPLIED = "applied";

const READ_QUERIES: ReadonlyArray<{ path: RegExp; parameter: string }> = [
  { path: /^\/contact$/, parameter: CONTACT_SENT },
  { path: /^\/careers\/jobs\/vlsi\/[^/]+$/, parameter: JOB_APPLIED },
];

/** Whether the page at `pathname` reads a parameter of `search` ("?…"), so the answer must be rendered. */
export function readsQuery(pathname: string, search: string): boolean {
  const page = READ_QUERIES.find(({ path }) => path.test(pathname));
  return page !== undefined && new URLSearchParams(search).has(page.parameter);
}
