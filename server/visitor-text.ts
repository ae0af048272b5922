/**
 * Visitor text as the server writes it out for people, where mail (server/mail/compose.ts)
 * and the CV links (server/signed-links.ts) both need it: escaped in HTML, and the CV's
 * file name as an attachment or a download. Below both, so neither imports the other.
 */
import { safeFileName } from "../common/file-name.ts";
import type { CvType } from "../common/limits.ts";

/** `value` safe in HTML text and in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The CV's file name for the attachment and the download: the one file-name sanitiser's
 * result, ending in the extension of the type detected from its bytes, because mail
 * clients and browsers open a file by its extension ("cv.html" holding text would
 * otherwise open as a page).
 */
export function attachmentName(fileName: string, type: CvType): string {
  const extension = `.${type}`;
  const name = safeFileName(fileName);
  return name.toLowerCase().endsWith(extension) ? name : `${name || "cv"}${extension}`;
}
