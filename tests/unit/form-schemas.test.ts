/**
 * The one schema per form, through the functions every submit path calls on the form's
 * `FormData`: the browser before sending, the server actions, the static build's path.
 */
import { describe, expect, it } from "vitest";
import { sanitizePhoneInput } from "~/components/forms/phone-field";
import { CV_ACCEPT, MAX_CV_BYTES } from "../../common/limits.ts";
import * as applicationMessages from "~/forms/application/messages";
import * as contactMessages from "~/forms/contact/messages";
import * as sharedMessages from "~/forms/messages";
import { parseApplication, parseContact, phoneE164 } from "~/forms/schemas";

const messages = { ...sharedMessages, ...contactMessages, ...applicationMessages };

const contact = {
  name: "Asha Rao",
  email: "asha@example.com",
  phoneCountry: "IN",
  phone: "98450 12345",
  message: "Hello",
};
/** The job is the opening's slug as the form sends it; the schema takes any, so no content file is named. */
const JOB = "an-opening";
const application = {
  job: JOB,
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phoneCountry: "IN",
  phone: "98450 12345",
  comment: "",
  consent: "yes",
};

function formData(fields: Record<string, string | File | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.append(key, value);
  return data;
}

const cvOf = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: "application/pdf" });
const pdf = cvOf("cv.pdf", 20_000);

/** The first message for each field that failed (what the page shows). */
function errorsOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(submission.error ?? {}))
    if (messages?.[0]) errors[field] = messages[0];
  return errors;
}

const contactErrors = (fields: Record<string, string | undefined>) =>
  errorsOf(parseContact(formData({ ...contact, ...fields })));
const applicationErrors = (fields: Record<string, string | File | undefined>) =>
  errorsOf(parseApplication(formData({ ...application, cv: pdf, ...fields })));

describe("contact schema", () => {
  it("accepts a complete message and gives the phone in E.164", () => {
    const submission = parseContact(formData(contact));
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(phoneE164(submission.value)).toBe("+919845012345");
  });

  const EVERY_CONTACT_FIELD_REQUIRED = {
    name: messages.NAME_REQUIRED,
    email: messages.EMAIL_REQUIRED,
    phone: messages.PHONE_REQUIRED,
    message: messages.MESSAGE_REQUIRED,
  };

  it("reports every empty field at once, the phone included", () => {
    const errors = contactErrors({ name: "", email: "", phone: "", message: "" });
    expect(errors).toEqual(EVERY_CONTACT_FIELD_REQUIRED);
  });

  it("treats fields missing from the post like empty ones", () => {
    const errors = errorsOf(parseContact(new FormData()));
    expect(errors).toEqual(EVERY_CONTACT_FIELD_REQUIRED);
  });

  it("says 'Invalid Phone' for 9 Indian digits and accepts a UK mobile", () => {
    expect(contactErrors({ phone: "98450 1234" }).phone).toBe(messages.PHONE_INVALID);
    expect(contactErrors({ phoneCountry: "GB", phone: "07400 123456" })).toEqual({});
  });

  it("treats a country code alone ('+91', '91' with India) as no phone", () => {
    expect(contactErrors({ phone: "+91" }).phone).toBe(messages.PHONE_REQUIRED);
    expect(contactErrors({ phone: "91" }).phone).toBe(messages.PHONE_REQUIRED);
  });

  it("takes CR/LF and other control characters out of the name, keeps line breaks in the message", () => {
    const submission = parseContact(
      formData({ ...contact, name: "Eve\r\nBcc: victim@example.com", message: "a\r\nb\u0000c" }),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.name).toBe("Eve Bcc: victim@example.com");
    expect(submission.value.message).toBe("a\nbc");
  });

  it("refuses CR/LF in the e-mail address", () => {
    expect(contactErrors({ email: "a@b.co\r\nBcc: x@y.z" }).email).toBe(messages.EMAIL_INVALID);
  });

  it.each(["asha.rao@example.com", "a+jobs@mail.example.co.in", "  padded@example.org  "])(
    "accepts the address %s",
    (email) => {
      expect(contactErrors({ email })).toEqual({});
    },
  );

  it("asks for an address when it is only spaces", () => {
    expect(contactErrors({ email: "   " }).email).toBe(messages.EMAIL_REQUIRED);
  });

  it.each([
    "asha",
    "asha@",
    "@example.com",
    "asha@example",
    "asha rao@example.com",
    "asha@exa mple.com",
    "asha@@example.com",
  ])("rejects %s as not an e-mail address", (email) => {
    expect(contactErrors({ email }).email).toBe(messages.EMAIL_INVALID);
  });

  it("rejects a 255-character address as too long, accepts 254", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(63)}.com`;
    expect(at254.length).toBe(254);
    expect(contactErrors({ email: at254 })).toEqual({});
    expect(contactErrors({ email: `a${at254}` }).email).toBe(messages.EMAIL_TOO_LONG);
  });

  it("asks for a name when it is only spaces and tabs; 100 characters pass, 101 do not", () => {
    expect(contactErrors({ name: "  \t " }).name).toBe(messages.NAME_REQUIRED);
    expect(contactErrors({ name: "n".repeat(100) })).toEqual({});
    expect(contactErrors({ name: "n".repeat(101) }).name).toBe(messages.NAME_TOO_LONG);
    expect(messages.NAME_TOO_LONG).toBe("Name must be at most 100 characters.");
  });

  it.each([
    ["zero-width spaces and a word joiner", "\u200B\u200B\u2060"],
    ["zero-width non-joiner and joiner", "\u200C\u200D"],
    ["a byte-order mark and a soft hyphen", "\uFEFF\u00AD"],
    ["the Mongolian vowel separator", "\u180E"],
    ["a Hangul filler", "\u3164"],
    ["the braille blank", "\u2800\u2800"],
    ["a combining mark alone", "\u0301"],
    ["all of them with spaces, tabs and no-break spaces", " \u200B\t\u00A0\u2060\u3000\u3164 "],
  ])("refuses a name, a message and an address made only of %s, as it refuses spaces", (_, invisible) => {
    const errors = contactErrors({ name: invisible, message: invisible, email: invisible });
    expect(errors).toMatchObject({
      name: messages.NAME_REQUIRED,
      message: messages.MESSAGE_REQUIRED,
      email: messages.EMAIL_REQUIRED,
    });
    expect(applicationErrors({ name: invisible }).name).toBe(messages.NAME_REQUIRED);
  });

  it.each([
    ["a joiner inside an Indic name", "\u0915\u094D\u200D\u0937 Rao"],
    ["a non-joiner inside a Persian name", "\u0645\u06CC\u200C\u0631"],
    ["letters with combining accents", "Jose\u0301 Rene\u0301"],
    ["a visible letter between invisible ones", "\u200BA\u200B"],
  ])("keeps a name with %s", (_, name) => {
    expect(contactErrors({ name })).toEqual({});
  });

  it("accepts a 5,000-character message and refuses 5,001 characters", () => {
    expect(contactErrors({ message: "m".repeat(5000) })).toEqual({});
    expect(contactErrors({ message: "m".repeat(5001) }).message).toBe(messages.MESSAGE_TOO_LONG);
    expect(messages.MESSAGE_TOO_LONG).toBe("Message must be at most 5,000 characters.");
  });
});

describe("application schema", () => {
  it("accepts a complete application with the comment left empty or out", () => {
    expect(applicationErrors({})).toEqual({});
    expect(applicationErrors({ comment: undefined })).toEqual({});
  });

  it("keeps the job the form was sent for", () => {
    const submission = parseApplication(formData({ ...application, cv: pdf }));
    expect(submission.status === "success" && submission.value.job).toBe(JOB);
    expect(applicationErrors({ job: "" }).job).toBe(messages.JOB_REQUIRED);
    expect(applicationErrors({ job: undefined }).job).toBe(messages.JOB_REQUIRED);
  });

  it("needs consent to the privacy notice ('', missing, or anything but 'yes')", () => {
    expect(applicationErrors({ consent: "" }).consent).toBe(messages.CONSENT_REQUIRED);
    expect(applicationErrors({ consent: undefined }).consent).toBe(messages.CONSENT_REQUIRED);
    expect(applicationErrors({ consent: "on" }).consent).toBe(messages.CONSENT_REQUIRED);
  });

  it("accepts a 2,000-character comment and refuses 2,001", () => {
    expect(applicationErrors({ comment: "c".repeat(2000) })).toEqual({});
    expect(applicationErrors({ comment: "c".repeat(2001) }).comment).toBe(messages.COMMENT_TOO_LONG);
  });

  it("accepts a CV of exactly 512,000 bytes", () => {
    expect(MAX_CV_BYTES).toBe(512_000);
    expect(applicationErrors({ cv: cvOf("cv.pdf", 512_000) })).toEqual({});
  });

  it.each([
    ["512,001 bytes", cvOf("cv.pdf", 512_001), messages.CV_TOO_LARGE],
    ["no file chosen (an empty, nameless file)", new File([], ""), messages.CV_REQUIRED],
    ["no file field at all", undefined, messages.CV_REQUIRED],
    ["0 bytes", cvOf("cv.pdf", 0), messages.CV_EMPTY],
    ["an .exe", cvOf("setup.exe", 100), messages.CV_WRONG_TYPE],
    ["a large .exe (the type is told first)", cvOf("setup.exe", 2_000_000), messages.CV_WRONG_TYPE],
    ["no extension", cvOf("cv", 100), messages.CV_WRONG_TYPE],
    ["an empty extension", cvOf("cv.", 100), messages.CV_WRONG_TYPE],
    ["a name that is only an extension", cvOf(".pdf", 100), messages.CV_WRONG_TYPE],
    ["a double extension ending in .exe", cvOf("cv.pdf.exe", 100), messages.CV_WRONG_TYPE],
    ["an image", cvOf("photo.jpg", 100), messages.CV_WRONG_TYPE],
  ])("refuses a CV of %s", (_what, cv, message) => {
    expect(applicationErrors({ cv }).cv).toBe(message);
  });

  it.each(["cv.pdf", "cv.doc", "cv.docx", "cv.odt", "cv.rtf", "cv.txt", "CV.PDF", "my.resume.Docx"])(
    "accepts a CV named %s",
    (name) => {
      expect(applicationErrors({ cv: cvOf(name, 40_000) })).toEqual({});
    },
  );

  it("says 'FileSize must be less than 500KB' exactly, as the old site did", () => {
    expect(messages.CV_TOO_LARGE).toBe("FileSize must be less than 500KB");
  });

  it("offers the file picker every allowed extension and its MIME type", () => {
    for (const ext of [".pdf", ".doc", ".docx", ".odt", ".rtf", ".txt"]) expect(CV_ACCEPT.split(",")).toContain(ext);
    expect(CV_ACCEPT).toContain("application/pdf");
    expect(CV_ACCEPT).toContain("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });
});

describe("phone box as the visitor types", () => {
  it("keeps digits, spaces and hyphens and drops letters, '+', brackets and dots", () => {
    expect(sanitizePhoneInput("98450-12345")).toBe("98450-12345");
    expect(sanitizePhoneInput("+91 (98450) 12.345abc")).toBe("91 98450 12345");
  });

  it("keeps at most 15 digits from '1234567890123456789'", () => {
    expect(sanitizePhoneInput("1234567890123456789")).toBe("123456789012345");
    expect(sanitizePhoneInput("12345 67890 12345 678")).toBe("12345 67890 12345 ");
  });
});
