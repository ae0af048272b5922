/**
 * One schema per form, the only place a form's fields are named and checked. The
 * browser (before sending), the server actions and the static build's browser-only
 * submit path all parse a submitted `FormData` with `parseContact` / `parseApplication`
 * (Conform's zod integration), so each says the same thing about the same input.
 *
 * Heavy for a page (zod and the phone metadata): the browser loads this module through
 * `load-form-module.ts` when a form is first used, never with the page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import {
  DEFAULT_COUNTRY,
  isAllowedCvName,
  MAX_COMMENT_LENGTH,
  MAX_CV_BYTES,
  MAX_EMAIL_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_NAME_LENGTH,
} from "../../common/limits.ts";
import * as messages from "./messages.ts";
import { toE164, validatePhone } from "./phone.ts";

/** One-line fields lose every control character: CR/LF never reach a mail header. */
const toOneLine = (v: string) =>
  v
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
/** Multi-line fields keep line breaks and tabs, nothing else invisible (PostgreSQL refuses NUL). */
const toMultiLine = (v: string) => v.replace(/[^\P{Cc}\n\t]/gu, "").trim();

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
function text(clean: (v: string) => string, max: number, wording: { required: string | null; tooLong: string }) {
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

const name = text(toOneLine, MAX_NAME_LENGTH, { required: messages.NAME_REQUIRED, tooLong: messages.NAME_TOO_LONG });
const email = text(toOneLine, MAX_EMAIL_LENGTH, {
  required: messages.EMAIL_REQUIRED,
  tooLong: messages.EMAIL_TOO_LONG,
}).check(z.regex(EMAIL_PATTERN, messages.EMAIL_INVALID));
/** The picker's ISO code; a missing one means the default (India), as the picker shows. */
const phoneCountry = z._default(z.string(), DEFAULT_COUNTRY);
/** Checked with its country, at the form level (below). */
const phone = z._default(z.string(), "");

/** The phone is checked against its country, so at the form level, on the `phone` field. */
function checkPhone(form: { phone: string; phoneCountry: string }, ctx: z.core.$RefinementCtx) {
  const message = validatePhone(form.phone, form.phoneCountry);
  if (message) ctx.issues.push({ code: "custom", message, input: form.phone, path: ["phone"] });
}
// Run the phone check even when another field already failed, so every message shows at once.
const always = { when: () => true };

const contactSchema = z
  .object({
    name,
    email,
    phoneCountry,
    phone,
    message: text(toMultiLine, MAX_MESSAGE_LENGTH, {
      required: messages.MESSAGE_REQUIRED,
      tooLong: messages.MESSAGE_TOO_LONG,
    }),
  })
  .check(z.superRefine(checkPhone, always));

/** A chosen file (a browser File, or the server's parsed upload): name and size only here. */
interface CvLike {
  name: string;
  size: number;
}

/**
 * The CV as far as name and size can tell. A form sent with no file chosen carries an
 * empty, nameless file, which counts as missing. The type is checked before the size, so
 * a large file of the wrong type is told the more useful thing. The server also checks
 * the content (cv-file.server.ts).
 */
function cvMessage(file: CvLike | null | undefined): string | null {
  if (!file || typeof file !== "object" || (file.name === "" && file.size === 0)) return messages.CV_REQUIRED;
  if (!isAllowedCvName(file.name)) return messages.CV_WRONG_TYPE;
  if (file.size === 0) return messages.CV_EMPTY;
  if (file.size > MAX_CV_BYTES) return messages.CV_TOO_LARGE;
  return null;
}

const cv = z.custom<CvLike>().check(
  z.superRefine((file, ctx) => {
    const message = cvMessage(file);
    if (message) ctx.issues.push({ code: "custom", message, input: file });
  }),
);

const applicationSchema = z
  .object({
    /** The opening's slug; the submit paths look up its title for the mail. */
    job: z.string({ error: messages.JOB_REQUIRED }).check(z.minLength(1, messages.JOB_REQUIRED)),
    name,
    email,
    phoneCountry,
    phone,
    cv,
    comment: z._default(
      text(toMultiLine, MAX_COMMENT_LENGTH, { required: null, tooLong: messages.COMMENT_TOO_LONG }),
      "",
    ),
    consent: z.literal("yes", { error: messages.CONSENT_REQUIRED }),
  })
  .check(z.superRefine(checkPhone, always));

export type ContactValues = z.output<typeof contactSchema>;
export type ApplicationValues = z.output<typeof applicationSchema>;

// Conform reads the form as it is: empty text stays "" (the schemas say what empty means).
const parseOptions = { disableAutoCoercion: true } as const;

export function parseContact(form: FormData) {
  return parseWithZod(form, { schema: contactSchema, ...parseOptions });
}

export function parseApplication(form: FormData) {
  return parseWithZod(form, { schema: applicationSchema, ...parseOptions });
}

/** The phone in E.164 once a schema has accepted it. */
export function phoneE164(values: { phone: string; phoneCountry: string }): string {
  const e164 = toE164(values.phone, values.phoneCountry);
  if (!e164) throw new Error("phone was validated but has no E.164 form");
  return e164;
}

/** What the country picker needs once loaded (it arrives in this same chunk). */
export { listCountries, splitInternational } from "./phone.ts";
