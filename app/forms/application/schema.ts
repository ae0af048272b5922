/**
 * The job application's schema, the only place its fields are named and checked. The
 * browser (before sending), the server action and the static build's sender all parse a
 * submitted `FormData` with `parseApplication` (Conform's zod integration), so each says
 * the same thing about the same input. The browser loads it through `../schemas.ts`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { isAllowedCvName, MAX_COMMENT_LENGTH, MAX_CV_BYTES } from "../../../common/limits.ts";
import { email, name, parseOptions, phone, phoneCheck, phoneCountry, text, toMultiLine } from "../shared-schema.ts";
import * as messages from "./messages.ts";

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
  .check(phoneCheck());

export type ApplicationValues = z.output<typeof applicationSchema>;

export function parseApplication(form: FormData) {
  return parseWithZod(form, { schema: applicationSchema, ...parseOptions });
}
