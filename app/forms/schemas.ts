/**
 * One zod schema per form, used by the browser (loaded when a form is first used, with
 * the phone rules) and by the route actions, so both say the same thing about the same
 * input. Built on the rule functions in rules.ts; `zod/mini` keeps the browser chunk small.
 */
import * as z from "zod/mini";
import { toE164, validatePhone } from "./phone.ts";
import { CONSENT_REQUIRED, checkComment, checkCvFile, checkEmail, checkMessage, checkName } from "./rules.ts";

/** A check from rules.ts as a zod refinement with the rule's own message. */
function rule(check: (value: string) => string | null) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.issues.push({ code: "custom", message, input: value });
    }),
  );
}

/** One-line fields lose every control character (CR/LF included: they never reach a mail header). */
const oneLine = z.pipe(
  z.string(),
  z.transform((v) =>
    v
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ),
);
/** Multi-line fields keep line breaks and tabs, nothing else invisible (PostgreSQL refuses NUL). */
const multiLine = z.pipe(
  z.string(),
  z.transform((v) => v.replace(/[^\P{Cc}\n\t]/gu, "").trim()),
);

/** The phone is checked against its country, so at the form level, on the `phone` field. */
function checkPhone(form: { phone: string; phoneCountry: string }, ctx: z.core.$RefinementCtx) {
  const message = validatePhone(form.phone, form.phoneCountry);
  if (message) ctx.issues.push({ code: "custom", message, input: form.phone, path: ["phone"] });
}
// Run the phone check even when another field already failed, so every message shows at once.
const always = { when: () => true };

const contactFields = {
  name: z.pipe(rule(checkName), oneLine),
  email: z.pipe(rule(checkEmail), oneLine),
  phone: z.string(),
  phoneCountry: z.string(),
  message: z.pipe(rule(checkMessage), multiLine),
};

export const contactSchema = z.object(contactFields).check(z.superRefine(checkPhone, always));

/** What the application form sends about its file: a browser File or the server's parsed upload. */
export interface CvLike {
  name: string;
  size: number;
}

export const applicationSchema = z
  .object({
    name: contactFields.name,
    email: contactFields.email,
    phone: z.string(),
    phoneCountry: z.string(),
    comment: z.pipe(rule(checkComment), multiLine),
    job: z.string().check(z.minLength(1, "Please choose a job to apply for.")),
    consent: z.string().check(z.refine((v) => v === "yes", CONSENT_REQUIRED)),
    cv: z.custom<CvLike>().check(
      z.superRefine((file, ctx) => {
        const message = checkCvFile(file);
        if (message) ctx.issues.push({ code: "custom", message, input: file });
      }),
    ),
  })
  .check(z.superRefine(checkPhone, always));

export type ContactValues = z.output<typeof contactSchema>;
export type ApplicationValues = z.output<typeof applicationSchema>;

export const CONTACT_FIELDS = ["name", "email", "phoneCountry", "phone", "message"] as const;
export const APPLICATION_FIELDS = ["name", "email", "phoneCountry", "phone", "comment", "job", "consent"] as const;

/** The text fields of a submitted form; a missing field reads as "". */
export function textValues<K extends string>(data: FormData, fields: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const field of fields) {
    const value = data.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The first message for each field that failed, keyed by field name. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The phone in E.164 once the schema has accepted it. */
export function phoneE164(values: { phone: string; phoneCountry: string }): string {
  const e164 = toE164(values.phone, values.phoneCountry);
  if (!e164) throw new Error("phone was validated but has no E.164 form");
  return e164;
}

// The browser loads this one module for both the schemas and the phone picker.
export * from "./phone.ts";
