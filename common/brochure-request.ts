/**
 * A request for the services brochure. A service page links to `/contact?brochure=<id>`;
 * in the browser the contact form fills in a message whose first line names the service,
 * which the visitor may still edit. Without JavaScript the plain form shows: the server
 * answers that query with the prerendered page (it is not one of common/page-queries.ts).
 * The company's notification calls a message that still starts with that line a brochure
 * request, in its subject and first line.
 */

/** The query parameter of a brochure link: a service id. */
export const BROCHURE_QUERY = "brochure";

const FIRST_LINE = /^Brochure request for ([^\n]{1,80}?)[ \t]*(?:\r?\n|$)/;

/** The message the contact form starts with, for a service's title. */
export function brochureMessage(serviceTitle: string): string {
  return `Brochure request for ${serviceTitle}\n\nPlease send me your services brochure by e-mail.`;
}

/** The service a message asks the brochure of (its first line, as the form fills it in), or null. */
export function brochureServiceIn(message: string): string | null {
  return FIRST_LINE.exec(message.trimStart())?.[1] ?? null;
}
