import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brochureMessage } from "../../common/brochure-request.ts";
import { bodyText, type ComposedMail, composeMail, headerText } from "../../server/mail/compose.ts";
import { attachmentName } from "../../server/visitor-text.ts";
import { createTransport } from "../../server/mail/transport.ts";
import type { MailKind, StoredSubmission } from "../../server/submissions/store-types.ts";
import {
  APPLICATION_FIELD_LINES,
  applicationInput,
  contactInput,
  mailConfig,
  pdfCv,
  removeDir,
  stored,
  tempDir,
} from "./helpers/mail-fixtures.ts";
import {
  decodeBody,
  decodeWords,
  fileNameOf,
  header,
  type MimePart,
  parseMessage,
  textOf,
} from "../support/mail-mime.ts";

/** Every header a composed mail may have at its top level; anything else is an injection. */
const ALLOWED_HEADERS = new Set([
  "from",
  "to",
  "reply-to",
  "subject",
  "message-id",
  "date",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "x-blueberry-submission-id",
  "x-blueberry-mail-kind",
  "auto-submitted",
]);

let root: string;
let renders = 0;
beforeAll(async () => {
  root = await tempDir("mail-compose");
});
afterAll(async () => {
  await removeDir(root);
});

const config = () => mailConfig();

/** Runs a composed mail through the real file transport and reads back the one .eml. */
async function render(mail: ComposedMail): Promise<{ raw: Buffer; message: MimePart; file: string }> {
  const dir = join(root, String(++renders));
  const transport = createTransport(mailConfig({ outboxDir: dir }));
  try {
    await transport.send(mail);
  } finally {
    transport.close();
  }
  const files = (await readdir(dir)).filter((f) => f.endsWith(".eml"));
  expect(files).toHaveLength(1);
  const file = files[0] ?? "";
  const raw = await readFile(join(dir, file));
  return { raw, message: parseMessage(raw), file };
}

function compose(kind: MailKind, submission: StoredSubmission, withCv = true) {
  return composeMail(kind, submission, withCv && submission.kind === "application" ? pdfCv() : null, config());
}

/** The header block exactly as written, and proof that it holds only expected headers. */
function expectCleanHeaderBlock(raw: Buffer, message: MimePart) {
  const headerBlock = raw.subarray(0, raw.indexOf("\n\n")).toString("latin1");
  // No stray CR (newline: "unix"), and only 7-bit bytes: non-ASCII must be encoded.
  expect(headerBlock).not.toMatch(/\r/);
  expect(headerBlock).toMatch(/^[\x20-\x7e\n\t]*$/);
  for (const line of message.rawHeaderLines) {
    // Either a continuation (folded) line or "Known-Name: value".
    if (/^[ \t]/.test(line)) continue;
    const name = line.slice(0, line.indexOf(":")).toLowerCase();
    expect(ALLOWED_HEADERS, `unexpected header line ${JSON.stringify(line)}`).toContain(name);
  }
  expect(header(message, "bcc")).toBeUndefined();
  expect(header(message, "cc")).toBeUndefined();
  expect(message.headers.filter((h) => h.name === "to")).toHaveLength(1);
  expect(message.headers.filter((h) => h.name === "subject")).toHaveLength(1);
}

function attachments(message: MimePart): MimePart[] {
  const found: MimePart[] = [];
  const walk = (part: MimePart) => {
    if (/^attachment/i.test(header(part, "content-disposition") ?? "")) found.push(part);
    part.parts.forEach(walk);
  };
  walk(message);
  return found;
}

describe("contact notification", () => {
  it("goes to the contact inbox with the old site's template params by name", async () => {
    const submission = stored(contactInput());
    const { raw, message, file } = await render(compose("company_notification", submission));
    expectCleanHeaderBlock(raw, message);

    expect(header(message, "to")).toBe("business@blueberry.test");
    expect(header(message, "from")).toBe("Blueberry Semiconductors website <noreply@blueberry.test>");
    expect(header(message, "reply-to")).toBe("Ravi Kumar <ravi@example.com>");
    expect(decodeWords(header(message, "subject") ?? "")).toBe("New contact message from Ravi Kumar");
    expect(header(message, "message-id")).toBe("<sub_test_1.company_notification@blueberry.test>");
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-sub_test_1-company_notification\.eml$/);

    const text = textOf(message, "text/plain");
    for (const line of [
      "to_name: Blueberry Semiconductors",
      "from_name: Ravi Kumar",
      "from_email: ravi@example.com",
      "from_mobile: +919845012345",
      "message:\nWe need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
      "Submission: sub_test_1",
      // 03:56:53 UTC is 09:26:53 in Bengaluru.
      "Received: 2025-03-14 09:26:53 IST",
    ]) {
      expect(text).toContain(line);
    }

    const html = textOf(message, "text/html");
    for (const value of ["Blueberry Semiconductors", "Ravi Kumar", "ravi@example.com", "+919845012345", "DDR5 PHY"]) {
      expect(html).toContain(value);
    }
    expect(attachments(message)).toHaveLength(0);
  });

  it("says 'Brochure request' when the message starts as a service page's brochure link fills it in", async () => {
    const message = brochureMessage("FPGA Design") + "\nWe build motor drives.";
    const { message: mail } = await render(compose("company_notification", stored(contactInput({ message }))));
    expect(decodeWords(header(mail, "subject") ?? "")).toBe("Brochure request for FPGA Design from Ravi Kumar");
    expect(textOf(mail, "text/plain")).toMatch(/^Brochure request from the website: FPGA Design\./);
    expect(textOf(mail, "text/plain")).toContain("We build motor drives.");
    expect(textOf(mail, "text/html")).toContain("Brochure request for FPGA Design from Ravi Kumar");
  });

  it.each([
    ["a message that only mentions a brochure", "Please send a brochure request for FPGA Design."],
    ["a request line rewritten by the visitor", "Hello,\nBrochure request for FPGA Design"],
    ["a request line with nothing after 'for'", "Brochure request for \nhello"],
  ])("keeps the plain subject for %s", async (_, message) => {
    const { message: mail } = await render(compose("company_notification", stored(contactInput({ message }))));
    expect(decodeWords(header(mail, "subject") ?? "")).toBe("New contact message from Ravi Kumar");
  });

  it("refuses an applicant confirmation for a contact message", () => {
    expect(() => compose("applicant_confirmation", stored(contactInput()))).toThrow(/contact/);
  });
});

describe("application notification", () => {
  it("goes to the careers inbox with every field and the CV attached byte for byte", async () => {
    const cv = pdfCv();
    const submission = stored(applicationInput({ cv }));
    const { raw, message } = await render(composeMail("company_notification", submission, cv, config()));
    expectCleanHeaderBlock(raw, message);

    expect(header(message, "to")).toBe("careers@blueberry.test");
    expect(header(message, "reply-to")).toBe("Asha Rao <asha@example.com>");
    expect(decodeWords(header(message, "subject") ?? "")).toBe(
      "Application: Design Verification Engineer from Asha Rao",
    );

    const text = textOf(message, "text/plain");
    for (const line of [
      ...APPLICATION_FIELD_LINES,
      "given 2025-03-14 09:25:00 IST to privacy notice version 2025-01",
      `CV: Asha Rao CV.pdf (application/pdf, ${cv.size} bytes`,
      `CV sha256: ${cv.sha256}`,
      "Submission: sub_test_1",
    ]) {
      expect(text).toContain(line);
    }

    const [attachment, ...more] = attachments(message);
    expect(more).toHaveLength(0);
    if (!attachment) throw new Error("no attachment");
    expect(header(attachment, "content-type")).toMatch(/^application\/pdf(;|$)/);
    expect(fileNameOf(attachment)).toBe("Asha Rao CV.pdf");
    expect(Buffer.compare(decodeBody(attachment), Buffer.from(cv.bytes))).toBe(0);
  });

  it('says "(none)" for an empty comment', async () => {
    const { message } = await render(compose("company_notification", stored(applicationInput({ comment: null }))));
    expect(textOf(message, "text/plain")).toContain("comment: (none)");
  });

  it("says plainly when the CV could not be read, and still delivers", async () => {
    const { message } = await render(compose("company_notification", stored(applicationInput()), false));
    expect(textOf(message, "text/plain")).toContain("CV attached: NO");
    expect(attachments(message)).toHaveLength(0);
  });
});

describe("applicant confirmation", () => {
  it("goes to the applicant, with no attachment, saying how to have the data deleted", async () => {
    const { raw, message } = await render(compose("applicant_confirmation", stored(applicationInput())));
    expectCleanHeaderBlock(raw, message);

    expect(header(message, "to")).toBe("Asha Rao <asha@example.com>");
    expect(header(message, "from")).toBe("Blueberry Semiconductors website <noreply@blueberry.test>");
    expect(header(message, "reply-to")).toBe("Blueberry Semiconductors Careers <careers@blueberry.test>");
    expect(decodeWords(header(message, "subject") ?? "")).toBe(
      "We received your application for Design Verification Engineer",
    );
    expect(attachments(message)).toHaveLength(0);

    const text = textOf(message, "text/plain");
    expect(text).toContain("Dear Asha Rao,");
    expect(text).toContain("careers@blueberry.test");
    expect(text).toContain("https://www.blueberry.test/privacy");
    expect(text).toContain("sub_test_1");
    expect(textOf(message, "text/html")).toContain('href="https://www.blueberry.test/privacy"');
  });
});

describe("untrusted input never becomes a header", () => {
  const evil = "Eve\r\nBcc: victim@example.com";

  it.each([
    [
      "contact notification",
      "company_notification",
      contactInput({ name: evil, message: "hi\r\nBcc: victim@example.com\r\n\r\nbody" }),
      "reply-to",
      "ravi@example.com",
    ],
    [
      "application notification",
      "company_notification",
      applicationInput({ name: evil, comment: "x\r\nBcc: victim@example.com\n\nCc: a@b.c" }),
      "reply-to",
      "asha@example.com",
    ],
    ["applicant confirmation", "applicant_confirmation", applicationInput({ name: evil }), "to", "asha@example.com"],
  ] as const)("CR/LF in a %s stays inside a header's value", async (_, kind, input, addressHeader, address) => {
    const { raw, message } = await render(compose(kind, stored(input)));
    expectCleanHeaderBlock(raw, message);
    // The name survives as quoted display text of the one intended address.
    expect(header(message, addressHeader)).toBe(`"Eve Bcc: victim@example.com" <${address}>`);
    if (kind === "company_notification") {
      expect(decodeWords(header(message, "subject") ?? "")).toMatch(/ from Eve Bcc: victim@example\.com$/);
    }
    for (const name of ["to", "reply-to", "from"]) expect(header(message, name)).not.toMatch(/^victim|, *victim/);
  });

  it("a unicode name is encoded, not written raw", async () => {
    const name = "Ananya Śrīnivāsan 阿南 🚀";
    const { raw, message } = await render(compose("company_notification", stored(contactInput({ name }))));
    expectCleanHeaderBlock(raw, message);
    expect(decodeWords(header(message, "subject") ?? "")).toBe(`New contact message from ${name}`);
    expect(decodeWords(header(message, "reply-to") ?? "")).toContain(name);
    expect(textOf(message, "text/plain")).toContain(`from_name: ${name}`);
  });

  it("line separators and control characters become spaces in header text; bidi controls are removed", () => {
    expect(headerText("A\u2028B\u202eC\u0085D\u0000E\tF")).toBe("A BC D E F");
    expect(headerText("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("the HTML body escapes visitor values", async () => {
    const submission = stored(
      contactInput({ name: "<script>alert(1)</script>", message: '<img src=x onerror="alert(2)"> & more' }),
    );
    const { message } = await render(compose("company_notification", submission));
    const html = textOf(message, "text/html");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; more");
  });

  it("the attachment's name keeps no path and ends in the detected type's extension", () => {
    expect(attachmentName("C:\\Users\\asha\\cv.pdf", "pdf")).toBe("cv.pdf");
    expect(attachmentName("../../etc/passwd", "txt")).toBe("passwd.txt");
    expect(attachmentName("cv.html", "txt")).toBe("cv.html.txt");
    expect(attachmentName("CV.PDF", "pdf")).toBe("CV.PDF");
    expect(attachmentName("...", "docx")).toBe("cv.docx");
    expect(attachmentName("a\r\nb.rtf", "rtf")).toBe("ab.rtf");
    expect(attachmentName("evil\u202Efdp.exe.pdf", "pdf")).toBe("evilfdp.exe.pdf");
  });
});

describe("bidirectional control characters in visitor text", () => {
  // Unicode's bidi formatting characters (UAX #9), written out here rather than taken from
  // the code under test: embeddings and overrides, isolates, LRM, RLM and ALM.
  const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
  BIDI.push("\u200E", "\u200F", "\u061C");
  const bidiIn = (text: string) => BIDI.filter((ch) => text.includes(ch));

  /** Everything a person reads of a mail: its decoded headers, both bodies, every EmailJS param. */
  async function readable(mail: ComposedMail) {
    const { message } = await render(mail);
    const headers = Object.fromEntries(
      ["subject", "to", "reply-to"].map((name) => [name, decodeWords(header(message, name) ?? "")]),
    );
    return { headers, text: textOf(message, "text/plain"), html: textOf(message, "text/html") };
  }

  function expectNoBidi(mail: ComposedMail, shown: Awaited<ReturnType<typeof readable>>) {
    const parts = { ...shown.headers, text: shown.text, html: shown.html, ...mail.template.params };
    for (const [part, value] of Object.entries(parts)) expect(bidiIn(value), part).toEqual([]);
  }

  it("a contact message and name with U+202E and every other bidi control: removed from headers, bodies and params, the rest intact", async () => {
    const name = "Ravi \u202EKumar\u200F";
    const message = `Please call\u202E back${BIDI.join("")} today.\nInvoice \u2066#42\u2069 attached.`;
    const clean = "Please call back today.\nInvoice #42 attached.";
    const mail = compose("company_notification", stored(contactInput({ name, message })));
    const shown = await readable(mail);
    expectNoBidi(mail, shown);

    expect(shown.headers.subject).toBe("New contact message from Ravi Kumar");
    expect(shown.headers["reply-to"]).toBe("Ravi Kumar <ravi@example.com>");
    expect(shown.text).toContain(`from_name: Ravi Kumar\nfrom_email: ravi@example.com`);
    expect(shown.text).toContain(`message:\n${clean}\n`);
    expect(shown.text).toContain("Reply to this e-mail to answer Ravi Kumar directly.");
    expect(shown.html).toContain(clean);
    expect(shown.html).toContain("Ravi Kumar");
    expect(mail.template.params).toMatchObject({ from_name: "Ravi Kumar", message: clean });
  });

  it("an application's name and comment: removed from the notification and the applicant's confirmation", async () => {
    const input = applicationInput({
      name: "\u2067Asha\u2069 Rao\u202B",
      comment: "UVM\u200E on\u061C PCIe\u202E.\nGen5.",
    });
    const notification = compose("company_notification", stored(input));
    const shownNotification = await readable(notification);
    expectNoBidi(notification, shownNotification);
    expect(shownNotification.headers.subject).toBe("Application: Design Verification Engineer from Asha Rao");
    expect(shownNotification.text).toContain("name: Asha Rao\n");
    expect(shownNotification.text).toContain("comment: UVM on PCIe.\nGen5.\n");
    expect(shownNotification.html).toContain("UVM on PCIe.\nGen5.");
    expect(notification.template.params).toMatchObject({ name: "Asha Rao", comment: "UVM on PCIe.\nGen5." });

    const confirmation = compose("applicant_confirmation", stored(input));
    const shownConfirmation = await readable(confirmation);
    expectNoBidi(confirmation, shownConfirmation);
    expect(shownConfirmation.headers.to).toBe("Asha Rao <asha@example.com>");
    expect(shownConfirmation.text).toContain("Dear Asha Rao,");
    expect(confirmation.template.params.to_name).toBe("Asha Rao");
  });

  it("headerText and bodyText remove each bidi control and keep the text around it", () => {
    for (const ch of BIDI) {
      expect(headerText(`abc${ch}def`), JSON.stringify(ch)).toBe("abcdef");
      expect(bodyText(`line one${ch}\nline${ch} two`), JSON.stringify(ch)).toBe("line one\nline two");
    }
  });
});

describe("EmailJS template params", () => {
  const LINK = "https://www.blueberry.test/cv/abc.def.ghi";

  it("contact: the old site's params by name (to_name is the company), plus the submission id", () => {
    const { template } = compose("company_notification", stored(contactInput()));
    expect(template).toEqual({
      name: "contact",
      params: {
        to_name: "Blueberry Semiconductors",
        from_name: "Ravi Kumar",
        from_email: "ravi@example.com",
        from_mobile: "+919845012345",
        message: "We need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
        submission_id: "sub_test_1",
      },
    });
  });

  it("application: name, email, phone, comment, attachment (the CV link), job, privacy_version, submission id", () => {
    const mail = composeMail("company_notification", stored(applicationInput()), null, config(), { cvLink: LINK });
    expect(mail.template).toEqual({
      name: "application",
      params: {
        name: "Asha Rao",
        email: "asha@example.com",
        phone: "+919845054321",
        comment: "Six years of UVM on PCIe Gen5 controllers.",
        attachment: LINK,
        job: "Design Verification Engineer",
        privacy_version: "2025-01",
        submission_id: "sub_test_1",
      },
    });
  });

  it("application: no link given, or no CV stored, leaves attachment empty; an empty comment is empty", () => {
    const plain = stored(applicationInput({ comment: null }));
    expect(composeMail("company_notification", plain, null, config()).template.params).toMatchObject({
      attachment: "",
      comment: "",
    });
    const withoutCv = { ...stored(applicationInput()), cv: null };
    expect(
      composeMail("company_notification", withoutCv, null, config(), { cvLink: LINK }).template.params.attachment,
    ).toBe("");
  });

  it("application: a link that is not an http(s) URL is refused rather than mailed", () => {
    for (const cvLink of ["javascript:alert(1)", "not a url", "file:///etc/passwd"]) {
      expect(() => composeMail("company_notification", stored(applicationInput()), null, config(), { cvLink })).toThrow(
        /CV link/,
      );
    }
  });

  it("confirmation: to_name and to_email (the applicant), job, reply_to, privacy_url, erase_link (empty without a link), submission id", () => {
    const { template } = compose("applicant_confirmation", stored(applicationInput()));
    expect(template).toEqual({
      name: "confirmation",
      params: {
        to_name: "Asha Rao",
        to_email: "asha@example.com",
        job: "Design Verification Engineer",
        reply_to: "careers@blueberry.test",
        privacy_url: "https://www.blueberry.test/privacy",
        erase_link: "",
        submission_id: "sub_test_1",
      },
    });
  });

  it("CR/LF and control characters in one-line values become spaces; multi-line text keeps only its line breaks", () => {
    const evil = "Eve\r\nBcc: victim@example.com\u0000\u202e";
    const contact = compose(
      "company_notification",
      stored(contactInput({ name: evil, message: "Hi\r\nline two\u0007\rline three\u2028end\ttab" })),
    ).template.params;
    expect(contact.from_name).toBe("Eve Bcc: victim@example.com");
    expect(contact.message).toBe("Hi\nline two \nline three end\ttab");

    const application = compose(
      "company_notification",
      stored(applicationInput({ name: evil, comment: "a\r\nb\u001bc", jobTitle: "DV\r\nEngineer" })),
    ).template.params;
    expect(application.name).toBe("Eve Bcc: victim@example.com");
    expect(application.comment).toBe("a\nb c");
    expect(application.job).toBe("DV Engineer");

    const confirmation = compose("applicant_confirmation", stored(applicationInput({ name: evil }))).template.params;
    expect(confirmation.to_name).toBe("Eve Bcc: victim@example.com");
    for (const params of [contact, application, confirmation]) {
      for (const [key, value] of Object.entries(params)) {
        // Multi-line text may keep tab and line feed; nothing else below U+0020, nor DEL.
        const kept = key === "message" || key === "comment" ? ["\t", "\n"] : [];
        const controls = Array.from(value).filter((ch) => (ch < " " || ch === "\u007f") && !kept.includes(ch));
        expect(controls, key).toEqual([]);
      }
    }
  });

  it("an address that is not a plain address is left out of the company's mail and refuses the confirmation", () => {
    const bad = "asha@example.com\r\nBcc: victim@example.com";
    expect(compose("company_notification", stored(contactInput({ email: bad }))).template.params.from_email).toBe("");
    expect(compose("company_notification", stored(applicationInput({ email: bad }))).template.params.email).toBe("");
    expect(() => compose("applicant_confirmation", stored(applicationInput({ email: bad })))).toThrow(/address/);
  });

  it("bodyText keeps tabs and line breaks (CRLF and CR become LF) and nothing else below U+0020", () => {
    expect(bodyText("a\r\nb\rc\nd\te\u0000f\u0085g\u2029h")).toBe("a\nb\nc\nd\te f g h");
  });
});
