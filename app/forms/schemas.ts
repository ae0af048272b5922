/**
 * What the browser loads when a form is first used (through `load-form-module.ts`): both
 * forms' parse functions (`contact/schema.ts`, `application/schema.ts`), the phone in
 * E.164, and what the country picker needs. One chunk, with zod and the phone metadata,
 * never loaded with the page. Server code imports each form's schema directly.
 */
export { parseApplication } from "./application/schema.ts";
export { parseContact } from "./contact/schema.ts";
export { phoneE164 } from "./shared-schema.ts";
/** What the country picker needs once loaded (it arrives in this same chunk). */
export { listCountries, splitInternational } from "./phone.ts";
