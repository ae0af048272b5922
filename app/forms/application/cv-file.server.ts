/**
 * What an uploaded CV really is, from its bytes. The `file-type` library recognises PDF,
 * DOC (as an OLE2 compound file), DOCX (by the main part its [Content_Types].xml names),
 * ODT (by its `mimetype` entry) and RTF; plain text has no signature, so that one check
 * is ours: UTF-8 without NUL bytes. The browser's claimed type and the file name are
 * never trusted for this.
 */
import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { CvFile } from "../../../common/submissions.ts";
import { CV_TYPES, type CvType, cvTypeOfName } from "../../../common/limits.ts";
import { safeFileName } from "../../../common/file-name.ts";

/**
 * Our type for each of file-type's answers that we take. "cfb" is any OLE2 compound file,
 * which is what a Word 97–2003 document is (file-type does not look inside).
 */
const FROM_FILE_TYPE: Readonly<Record<string, CvType>> = {
  pdf: "pdf",
  cfb: "doc",
  docx: "docx",
  odt: "odt",
  rtf: "rtf",
};

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export async function detectCvType(bytes: Uint8Array): Promise<CvType | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  const known = found ? FROM_FILE_TYPE[found.ext] : undefined;
  if (known) return known;
  // Text with a signature file-type knows (XML, HTML, a script…) is still text.
  return isUtf8Text(bytes) ? "txt" : null;
}

/** The MIME type the store keeps and the mail attaches; text is UTF-8, as detection checked. */
function contentTypeOf(type: CvType): string {
  return type === "txt" ? `${CV_TYPES.txt.mime}; charset=utf-8` : CV_TYPES[type].mime;
}

/**
 * The original file name made safe to store and attach (see `safeFileName`), or
 * "cv.<type>" when nothing is left of it.
 */
export function sanitiseFileName(name: string, type: CvType): string {
  return safeFileName(name) || `cv.${type}`;
}

type CvCheck = { ok: true; file: CvFile } | { ok: false };

/** Checks the bytes against the name's extension; builds what the store keeps. */
export async function inspectCv(name: string, bytes: Uint8Array): Promise<CvCheck> {
  const claimed = cvTypeOfName(name);
  const detected = await detectCvType(bytes);
  if (!claimed || !detected) return { ok: false };
  if (detected !== claimed && !CV_TYPES[claimed].nameMayHold?.includes(detected)) return { ok: false };
  return {
    ok: true,
    file: {
      fileName: sanitiseFileName(name, detected),
      contentType: contentTypeOf(detected),
      detectedType: detected,
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes,
    },
  };
}
