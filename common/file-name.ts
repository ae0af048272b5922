/**
 * The one sanitiser of a visitor's file name, for every place one is kept: the CV's name
 * in the store (cv-file.server.ts), its attachment and download name
 * (server/visitor-text.ts), and the static build's object name in Firebase Storage.
 * Dependency-free, because the browser runs it too.
 */
import { fileExtension } from "./limits.ts";
import { stripBidiControls } from "./text.ts";

interface FileNameRules {
  /** The longest result in characters (code points); a longer name keeps its extension. */
  maxLength?: number;
  /**
   * Only ASCII letters, digits, ".", "-" and "_": what the storage rules accept in an
   * object path. Accents are dropped ("Zoë" becomes "Zoe"), anything else becomes "-".
   */
  asciiOnly?: boolean;
}

/**
 * `name` without folders (either slash), control, format or bidi-override characters,
 * runs of white space, or leading dots, spaces and hyphens, cut to `maxLength`. "" when
 * nothing is left: the caller knows what to call the file then.
 */
export function safeFileName(name: string, { maxLength = 150, asciiOnly = false }: FileNameRules = {}): string {
  // The bidi controls as mail text loses them (common/text.ts); then every other control
  // or format character, which a file name has no use for.
  let clean = stripBidiControls(name.split(/[/\\]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ");
  if (asciiOnly) {
    clean = clean
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[^\w.-]+/g, "-")
      .replace(/-{2,}/g, "-");
  }
  clean = clean.replace(/^[-.\s]+/, "").trim();
  const chars = Array.from(clean);
  if (chars.length <= maxLength) return clean;
  const ext = fileExtension(clean);
  // A name that is all extension (or near enough) is simply cut.
  const kept = ext && ext.length < maxLength / 2 ? `.${ext}` : "";
  return `${chars.slice(0, maxLength - kept.length).join("")}${kept}`;
}
