/**
 * What an uploaded CV really is, from its bytes: PDF, DOCX and ODT by their signatures
 * and archive entries, DOC and RTF by their headers, TXT as UTF-8 without NUL bytes.
 * The browser's claimed type and the file name are never trusted for this.
 */
import { createHash } from "node:crypto";
import type { CvFile, CvType } from "../../server/submissions/types.ts";
import { fileExtension } from "./rules.ts";

const MIME: Record<CvType, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  odt: "application/vnd.oasis.opendocument.text",
  rtf: "application/rtf",
  txt: "text/plain; charset=utf-8",
};

/** Which detected types each extension may hold (Word often saves RTF as .doc). */
const EXTENSION_ACCEPTS: Record<string, readonly CvType[]> = {
  pdf: ["pdf"],
  doc: ["doc", "rtf"],
  docx: ["docx"],
  odt: ["odt"],
  rtf: ["rtf"],
  txt: ["txt"],
};

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];

/** The entry names in a ZIP archive's central directory, or null if it is not a sound ZIP. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 + 65535 bytes.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectCvType(bytes: Uint8Array): CvType | null {
  if (bytes.length === 0) return null;
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (ascii(bytes, 0, 5) === "{\\rtf") return "rtf";
  if (startsWith(bytes, OLE2)) return "doc";
  if (startsWith(bytes, ZIP_LOCAL)) {
    const names = zipEntryNames(bytes);
    if (!names) return null;
    // ODF: the first entry is an uncompressed "mimetype" naming the document type.
    const firstName = ascii(bytes, 30, 8);
    if (firstName === "mimetype" && names.includes("content.xml")) {
      const nameLength = bytes[26] ?? 0;
      const extraLength = bytes[28] ?? 0;
      const start = 30 + nameLength + extraLength;
      if (ascii(bytes, start, 39) === "application/vnd.oasis.opendocument.text") return "odt";
    }
    if (names.includes("[Content_Types].xml") && names.includes("word/document.xml")) return "docx";
    return null;
  }
  return isUtf8Text(bytes) ? "txt" : null;
}

/**
 * The original file name made safe to store and attach: no folders (either slash), no
 * control or bidi-override characters, at most 150 characters with the extension kept.
 */
export function sanitiseFileName(name: string, type: CvType): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  let clean = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  if (clean === "") clean = `cv.${type}`;
  if (clean.length > 150) {
    const ext = fileExtension(clean);
    clean = `${clean.slice(0, 150 - ext.length - 1)}.${ext}`;
  }
  return clean;
}

export type CvCheck = { ok: true; file: CvFile } | { ok: false };

/** Checks the bytes against the name's extension; builds what the store keeps. */
export function inspectCv(name: string, bytes: Uint8Array): CvCheck {
  const detected = detectCvType(bytes);
  const accepted = EXTENSION_ACCEPTS[fileExtension(name)] ?? [];
  if (!detected || !accepted.includes(detected)) return { ok: false };
  return {
    ok: true,
    file: {
      fileName: sanitiseFileName(name, detected),
      contentType: MIME[detected],
      detectedType: detected,
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes,
    },
  };
}
