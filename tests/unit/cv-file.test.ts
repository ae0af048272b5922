/** The server decides what a CV is from its bytes, never from its name or claimed type. */
import { describe, expect, it } from "vitest";
import { detectCvType, inspectCv, sanitiseFileName } from "~/forms/application/cv-file.server";
import { safeFileName } from "../../common/file-name.ts";
import { storedZip } from "./helpers/zip";

const text = (s: string) => new TextEncoder().encode(s);
const pdf = text("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** The part list Word writes first: the main part's content type says "Word document". */
const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="/word/document.xml" ContentType="${main}.main+xml"/></Types>`;
const docx = storedZip([
  ["[Content_Types].xml", contentTypes("application/vnd.openxmlformats-officedocument.wordprocessingml.document")],
  ["word/document.xml", "<w:document/>"],
]);
const xlsx = storedZip([
  ["[Content_Types].xml", contentTypes("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")],
  ["xl/workbook.xml", "<workbook/>"],
]);
const odt = storedZip([
  ["mimetype", "application/vnd.oasis.opendocument.text"],
  ["content.xml", "<office:document-content/>"],
]);
const ods = storedZip([
  ["mimetype", "application/vnd.oasis.opendocument.spreadsheet"],
  ["content.xml", "<office:document-content/>"],
]);
const doc = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const rtf = text("{\\rtf1\\ansi Curriculum vitae}");
const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

describe("detecting a CV's type from its content", () => {
  it.each([
    ["PDF", pdf, "pdf"],
    ["DOCX (ZIP with word/document.xml)", docx, "docx"],
    ["ODT (ZIP whose first entry names the ODF text type)", odt, "odt"],
    ["DOC (OLE2 header)", doc, "doc"],
    ["RTF", rtf, "rtf"],
    ["UTF-8 text with accents and Devanagari", text("Résumé — अनुभव 5 years\n"), "txt"],
    ["text that starts like XML (file-type names it, it is still text)", text('<?xml version="1.0"?><cv/>'), "txt"],
  ])("%s", async (_what, bytes, type) => {
    expect(await detectCvType(bytes)).toBe(type);
  });

  it.each([
    ["an executable (MZ header)", exe],
    ["a spreadsheet in ODF (not a text document)", ods],
    ["a ZIP without a Word document inside", storedZip([["readme.txt", "hello"]])],
    ["an Excel workbook (Office Open XML, but not a Word document)", xlsx],
    ["text with a NUL byte", text("abc\u0000def")],
    ["bytes that are not UTF-8", new Uint8Array([0xff, 0xfe, 0xfd, 0x41])],
    ["an empty file", new Uint8Array()],
    ["a truncated ZIP", docx.subarray(0, 40)],
  ])("refuses %s", async (_what, bytes) => {
    expect(await detectCvType(bytes)).toBeNull();
  });
});

describe("matching the content to the file name", () => {
  it("refuses an executable renamed .pdf", async () => {
    expect((await inspectCv("cv.pdf", exe)).ok).toBe(false);
  });

  it("refuses a text file renamed .pdf", async () => {
    expect((await inspectCv("cv.pdf", text("plain text"))).ok).toBe(false);
  });

  it("refuses a PDF without an extension (../../etc/passwd)", async () => {
    expect((await inspectCv("../../etc/passwd", pdf)).ok).toBe(false);
  });

  it("accepts RTF saved with a .doc name, as Word does", async () => {
    const result = await inspectCv("cv.doc", rtf);
    expect(result.ok && result.file.detectedType).toBe("rtf");
  });

  it("records the detected type, size and sha256 of an accepted CV", async () => {
    const result = await inspectCv("Asha CV.pdf", pdf);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toMatchObject({
      fileName: "Asha CV.pdf",
      contentType: "application/pdf",
      detectedType: "pdf",
      size: pdf.length,
    });
    expect(result.file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("sanitising the original file name", () => {
  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["C:\\Users\\asha\\cv.pdf", "cv.pdf"],
    ["cv\r\nBcc: x@y.z.pdf", "cvBcc: x@y.z.pdf"],
    ["evil\u202Efdp.exe.pdf", "evilfdp.exe.pdf"],
    ["...hidden.pdf", "hidden.pdf"],
    ["Zoë Ångström 李小龍.pdf", "Zoë Ångström 李小龍.pdf"],
    ["/", "cv.pdf"],
  ])("%j becomes %j", (name, expected) => {
    expect(sanitiseFileName(name, "pdf")).toBe(expected);
  });

  it("keeps the extension when it shortens a very long name to 150 characters", () => {
    const name = sanitiseFileName(`${"a".repeat(300)}.docx`, "docx");
    expect(name).toHaveLength(150);
    expect(name.endsWith(".docx")).toBe(true);
  });
});

describe("the same sanitiser for a Firebase Storage object name (ASCII only)", () => {
  it.each([
    ["résumé (final).docx", "resume-final-.docx"],
    ["../../Zoë CV.pdf", "Zoe-CV.pdf"],
    ["--..李小龍.pdf", "pdf"],
    ["李小龍", ""],
  ])("%j becomes %j", (name, expected) => {
    expect(safeFileName(name, { maxLength: 100, asciiOnly: true })).toBe(expected);
  });

  it("keeps the extension when it cuts a long name to 100 characters", () => {
    const name = safeFileName(`${"é".repeat(300)}.txt`, { maxLength: 100, asciiOnly: true });
    expect(name).toBe(`${"e".repeat(96)}.txt`);
  });
});
