/**
 * The schema parts both forms share: how text fields are cleaned and capped, the name,
 * e-mail and phone fields, the phone check, and Conform's parse options. Each form's
 * schema (`contact/schema.ts`, `application/schema.ts`) is built from them.
 *
 * Heavy for a page (zod and the phone metadata): the browser reaches this module only
 * through `schemas.ts`, loaded by `load-form-module.ts` when a form is first used.
 */
import * as z from "zod/mini";
import { DEFAULT_COUNTRY, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../common/limits.ts";
import * as messages from "./messages.ts";
import { toE164, validatePhone } from "./phone.ts";

/** One-line fields lose every control character: CR/LF never reach a mail header. */
const toOneLine = (v: string) =>
  v
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
/** Multi-line fields keep line breaks and tabs, nothing else invisible (PostgreSQL refuses NUL). */
export const toMultiLine = (v: string) => v.replace(/[^\P{Cc}\n\t]/gu, "").trim();

/**
 * Characters that show nothing on their own: white space, format characters (zero-width
 * spaces and joiners, the word joiner, the byte-order mark, the soft hyphen), control
 * characters, combining marks with nothing to combine with, and the blank letters (Hangul
 * fillers, the braille blank).
 */
const INVISIBLE = /^[\s\p{Cf}\p{Cc}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** A value with no visible character is no value: it gets the same message as an empty one. */
const visibleOrEmpty = (v: string) => (INVISIBLE.test(v) ? "" : v);

/** A text field: cleaned first, then required (unless `required` is null) and capped. */
export function text(clean: (v: string) => string, max: number, wording: { required: string | null; tooLong: string }) {
  const required = wording.required ? [z.minLength(1, wording.required)] : [];
  return z.string({ error: wording.required ?? wording.tooLong }).check(
    z.overwrite((v) => visibleOrEmpty(clean(v))),
    ...required,
    z.maxLength(max, wording.tooLong),
  );
}

/**
 * The address shape browsers accept for `type="email"` (WHATWG), plus a dot in the
 * domain: a contact address on the public internet always has one. (The mail code's
 * `isOneBareAddress` is not this rule: it only keeps headers safe, whatever the source.)
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

// The fields both forms have.
export const name = text(toOneLine, MAX_NAME_LENGTH, {
  required: messages.NAME_REQUIRED,
  tooLong: messages.NAME_TOO_LONG,
});
export const email = text(toOneLine, MAX_EMAIL_LENGTH, {
  required: messages.EMAIL_REQUIRED,
  tooLong: messages.EMAIL_TOO_LONG,
}).check(z.regex(EMAIL_PATTERN, messages.EMAIL_INVALID));
/** The picker's ISO code; a missing one means the default (India), as the picker shows. */
export const phoneCountry = z._default(z.string(), DEFAULT_COUNTRY);
/** Checked with its country, at the form level (`phoneCheck`). */
export const phone = z._default(z.string(), "");

/** The phone is checked against its country, so at the form level, on the `phone` field. */
function checkPhone(form: { phone: string; phoneCountry: string }, ctx: z.core.$RefinementCtx) {
  const message = validatePhone(form.phone, form.phoneCountry);
  if (message) ctx.issues.push({ code: "custom", message, input: form.phone, path: ["phone"] });
}
// Run the phone check even when another field already failed, so every message shows at once.
const always = { when: () => true };

/** A form's phone check, for its schema's `.check(…)`. */
export function phoneCheck() {
  return z.superRefine(checkPhone, always);
}

/** Conform reads the form as it is: empty text stays "" (the schemas say what empty means). */
export const parseOptions = { disableAutoCoercion: true } as const;

/** The phone in E.164 once a schema has accepted it. */
export function phoneE164(values: { phone: string; phoneCountry: string }): string {
  const e164 = toE164(values.phone, values.phoneCountry);
  if (!e164) throw new Error("phone was validated but has no E.164 form");
  return e164;
}
