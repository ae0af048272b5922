/**
 * Visitor text as people will see it. Dependency-free: the browser (the static build's
 * file names) and the server (mail) both use it.
 */

/**
 * Unicode's bidirectional formatting characters (UAX #9): the embeddings and overrides
 * U+202A–U+202E, the isolates U+2066–U+2069, and the marks LRM U+200E, RLM U+200F and
 * ALM U+061C. Invisible, they reorder what is shown around them ("evil", U+202E, then
 * "fdp.exe" shows as "evilexe.pdf"), so a visitor's text loses them wherever a person
 * reads it: a file name, a mail.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** `text` without its bidirectional formatting characters; everything else is kept as it is. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
