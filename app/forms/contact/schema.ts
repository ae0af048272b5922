/**
 * The contact form's schema, the only place its fields are named and checked. The
 * browser (before sending), the server action and the static build's sender all parse a
 * submitted `FormData` with `parseContact` (Conform's zod integration), so each says the
 * same thing about the same input. The browser loads it through `../schemas.ts`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { MAX_MESSAGE_LENGTH } from "../../../common/limits.ts";
import { email, name, parseOptions, phone, phoneCheck, phoneCountry, text, toMultiLine } from "../shared-schema.ts";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "./messages.ts";

const contactSchema = z
  .object({
    name,
    email,
    phoneCountry,
    phone,
    message: text(toMultiLine, MAX_MESSAGE_LENGTH, { required: MESSAGE_REQUIRED, tooLong: MESSAGE_TOO_LONG }),
  })
  .check(phoneCheck());

export type ContactValues = z.output<typeof contactSchema>;

export function parseContact(form: FormData) {
  return parseWithZod(form, { schema: contactSchema, ...parseOptions });
}
