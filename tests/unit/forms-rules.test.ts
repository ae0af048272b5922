import { describe, expect, it } from "vitest";
import {
  COMMENT_TOO_LONG,
  CV_ACCEPT,
  CV_EMPTY,
  CV_REQUIRED,
  CV_TOO_LARGE,
  CV_WRONG_TYPE,
  checkComment,
  checkCvFile,
  checkEmail,
  checkMessage,
  checkName,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  MAX_CV_BYTES,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  sanitizePhoneInput,
} from "../../app/forms/rules.ts";

describe("CV file", () => {
  it("accepts a PDF of exactly 512,000 bytes", () => {
    expect(MAX_CV_BYTES).toBe(512_000);
    expect(checkCvFile({ name: "Asha Rao CV.pdf", size: 512_000 })).toBeNull();
  });

  it("rejects a PDF of 512,001 bytes with 'FileSize must be less than 500KB'", () => {
    expect(checkCvFile({ name: "cv.pdf", size: 512_001 })).toBe("FileSize must be less than 500KB");
    expect(CV_TOO_LARGE).toBe("FileSize must be less than 500KB");
  });

  it.each(["cv.pdf", "cv.doc", "cv.docx", "cv.odt", "cv.rtf", "cv.txt", "CV.PDF", "my.resume.Docx"])(
    "accepts %s",
    (name) => {
      expect(checkCvFile({ name, size: 40_000 })).toBeNull();
    },
  );

  it.each([
    ["setup.exe", "an .exe"],
    ["cv", "no extension"],
    ["cv.", "an empty extension"],
    [".pdf", "a name that is only an extension"],
    ["cv.pdf.exe", "a double extension ending in .exe"],
    ["photo.jpg", "an image"],
  ])("rejects %s (%s) with the file-type message", (name) => {
    expect(checkCvFile({ name, size: 40_000 })).toBe("Please upload a PDF, DOC, DOCX, ODT, RTF or TXT file.");
    expect(CV_WRONG_TYPE).toBe("Please upload a PDF, DOC, DOCX, ODT, RTF or TXT file.");
  });

  it("tells a large .exe about the type first", () => {
    expect(checkCvFile({ name: "setup.exe", size: 2_000_000 })).toBe(CV_WRONG_TYPE);
  });

  it("asks for a CV when none is chosen (browsers send an empty, nameless file)", () => {
    expect(checkCvFile({ name: "", size: 0 })).toBe(CV_REQUIRED);
    expect(checkCvFile(null)).toBe(CV_REQUIRED);
    expect(checkCvFile(undefined)).toBe(CV_REQUIRED);
  });

  it("rejects an empty cv.pdf of 0 bytes", () => {
    expect(checkCvFile({ name: "cv.pdf", size: 0 })).toBe(CV_EMPTY);
  });

  it("offers the file picker every allowed extension and its MIME type", () => {
    for (const ext of [".pdf", ".doc", ".docx", ".odt", ".rtf", ".txt"]) expect(CV_ACCEPT.split(",")).toContain(ext);
    expect(CV_ACCEPT).toContain("application/pdf");
    expect(CV_ACCEPT).toContain("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });
});

describe("e-mail", () => {
  it.each(["asha.rao@example.com", "a+jobs@mail.example.co.in", "  padded@example.org  "])("accepts %s", (email) => {
    expect(checkEmail(email)).toBeNull();
  });

  it("asks for an address when it is empty or only spaces", () => {
    expect(checkEmail("")).toBe(EMAIL_REQUIRED);
    expect(checkEmail("   ")).toBe(EMAIL_REQUIRED);
    expect(EMAIL_REQUIRED).toBe("Please enter your e-mail address.");
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
    expect(checkEmail(email)).toBe(EMAIL_INVALID);
  });

  it("rejects a 255-character address as too long, accepts 254", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(63)}.com`;
    expect(at254.length).toBe(254);
    expect(checkEmail(at254)).toBeNull();
    expect(checkEmail(`a${at254}`)).toBe(EMAIL_TOO_LONG);
  });
});

describe("name, message and comment", () => {
  it("asks for a name when it is empty or only spaces", () => {
    expect(checkName("")).toBe("Please enter your name.");
    expect(checkName("  \t ")).toBe(NAME_REQUIRED);
  });

  it("accepts a 100-character name and rejects 101 characters", () => {
    expect(checkName("n".repeat(100))).toBeNull();
    expect(checkName("n".repeat(101))).toBe("Name must be at most 100 characters.");
    expect(NAME_TOO_LONG).toBe("Name must be at most 100 characters.");
  });

  it("asks for a message when it is empty", () => {
    expect(checkMessage("")).toBe(MESSAGE_REQUIRED);
    expect(MESSAGE_REQUIRED).toBe("Please enter your message.");
  });

  it("accepts a 5,000-character message and rejects 5,001 characters", () => {
    expect(checkMessage("m".repeat(5000))).toBeNull();
    expect(checkMessage("m".repeat(5001))).toBe(MESSAGE_TOO_LONG);
    expect(MESSAGE_TOO_LONG).toBe("Message must be at most 5,000 characters.");
  });

  it("accepts an empty comment (it is optional) and rejects 2,001 characters", () => {
    expect(checkComment("")).toBeNull();
    expect(checkComment("c".repeat(2000))).toBeNull();
    expect(checkComment("c".repeat(2001))).toBe(COMMENT_TOO_LONG);
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
