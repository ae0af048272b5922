/** The one schema per form that both the browser and the server actions run. */
import { describe, expect, it } from "vitest";
import { applicationSchema, contactSchema, fieldErrors, phoneE164 } from "~/forms/schemas";

const contact = {
  name: "Asha Rao",
  email: "asha@example.com",
  phoneCountry: "IN",
  phone: "98450 12345",
  message: "Hello",
};
const application = {
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phoneCountry: "IN",
  phone: "98450 12345",
  comment: "",
  job: "dft-engineer-all-levels",
  consent: "yes",
  cv: { name: "cv.pdf", size: 20_000 },
};

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : fieldErrors(result.error?.issues ?? []);

describe("contact schema", () => {
  it("accepts a complete message and gives the phone in E.164", () => {
    const parsed = contactSchema.safeParse(contact);
    expect(parsed.success).toBe(true);
    if (parsed.success) expect(phoneE164(parsed.data)).toBe("+919845012345");
  });

  it("reports every empty field at once, the phone included", () => {
    const errors = errorsOf(
      contactSchema.safeParse({ name: "", email: "", phoneCountry: "IN", phone: "", message: "" }),
    );
    expect(Object.keys(errors).sort()).toEqual(["email", "message", "name", "phone"]);
  });

  it("says 'Invalid Phone' for 9 Indian digits and accepts a UK mobile", () => {
    expect(errorsOf(contactSchema.safeParse({ ...contact, phone: "98450 1234" })).phone).toBe("Invalid Phone");
    expect(contactSchema.safeParse({ ...contact, phoneCountry: "GB", phone: "07400 123456" }).success).toBe(true);
  });

  it("takes CR/LF and other control characters out of the name, keeps line breaks in the message", () => {
    const parsed = contactSchema.safeParse({
      ...contact,
      name: "Eve\r\nBcc: victim@example.com",
      message: "a\r\nb\u0000c",
    });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.name).toBe("Eve Bcc: victim@example.com");
    expect(parsed.data.message).toBe("a\nbc");
  });

  it("refuses CR/LF in the e-mail address", () => {
    expect(errorsOf(contactSchema.safeParse({ ...contact, email: "a@b.co\r\nBcc: x@y.z" })).email).toMatch(
      /valid e-mail/,
    );
  });

  it("refuses a 5,001-character message with the length message", () => {
    expect(errorsOf(contactSchema.safeParse({ ...contact, message: "x".repeat(5001) })).message).toBe(
      "Message must be at most 5,000 characters.",
    );
  });
});

describe("application schema", () => {
  it("accepts a complete application with the comment left out", () => {
    expect(applicationSchema.safeParse(application).success).toBe(true);
  });

  it("needs consent to the privacy notice", () => {
    expect(errorsOf(applicationSchema.safeParse({ ...application, consent: "" })).consent).toMatch(/privacy notice/);
  });

  it.each([
    ["512,001 bytes", { name: "cv.pdf", size: 512_001 }, "FileSize must be less than 500KB"],
    ["no file", { name: "", size: 0 }, "Please attach your CV."],
    ["an .exe", { name: "cv.exe", size: 100 }, "Please upload a PDF, DOC, DOCX, ODT, RTF or TXT file."],
  ])("refuses a CV of %s", (_what, cv, message) => {
    expect(errorsOf(applicationSchema.safeParse({ ...application, cv })).cv).toBe(message);
  });

  it("accepts a CV of exactly 512,000 bytes", () => {
    expect(applicationSchema.safeParse({ ...application, cv: { name: "cv.pdf", size: 512_000 } }).success).toBe(true);
  });
});
