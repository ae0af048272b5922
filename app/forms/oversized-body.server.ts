/**
 * What arrived of a form post too large to read: the server keeps the body as the parser
 * reads it (`bodyArrived` in the request facts, server/fetch-request.ts), and when the
 * parser gives up (the server's size cap cut the body, or a part passed the parser's
 * limit) the fields that arrived are picked out of it. The actions use them to name the
 * field that made the post too large, if one did, and to show the visitor's input again
 * on a page without JavaScript.
 */

/** One field of a body that was cut off: `complete` unless the cut fell inside it. */
export interface ArrivedField {
  name: string;
  /** Text fields only ("" for a file). */
  value: string;
  isFile: boolean;
  complete: boolean;
  /** Where its value starts in the body, and how many of its bytes arrived. */
  start: number;
  size: number;
}

/** The fields in what arrived of an urlencoded or multipart body, in order; the last may be cut. */
export function arrivedFields(bytes: Buffer, contentType: string): ArrivedField[] {
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    const fields: ArrivedField[] = [];
    const pieces = bytes.toString("utf8").split("&");
    let start = 0;
    pieces.forEach((piece, i) => {
      for (const [name, value] of new URLSearchParams(piece)) {
        fields.push({ name, value, isFile: false, complete: i < pieces.length - 1, start, size: piece.length });
      }
      start += piece.length + 1;
    });
    return fields;
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!contentType.startsWith("multipart/form-data") || !boundary) return [];
  // One character per byte, so positions are byte offsets and each value decodes as sent.
  const text = bytes.toString("latin1");
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const fields: ArrivedField[] = [];
  let at = text.indexOf(delimiter);
  while (at !== -1 && !text.startsWith("--", at + delimiter.length)) {
    const headersEnd = text.indexOf("\r\n\r\n", at);
    if (headersEnd === -1) break;
    const headers = text.slice(at + delimiter.length, headersEnd);
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1] ?? "";
    const isFile = /;\s*filename=/i.test(headers);
    const start = headersEnd + 4;
    const next = text.indexOf(`\r\n${delimiter}`, start);
    const end = next === -1 ? text.length : next;
    const value = isFile ? "" : Buffer.from(text.slice(start, end), "latin1").toString("utf8");
    fields.push({ name, value, isFile, complete: next !== -1, start, size: end - start });
    at = next === -1 ? -1 : next + 2;
  }
  return fields;
}

/** The text fields that arrived whole, to show again (a post without JavaScript keeps them). */
export function arrivedValues(arrived: ArrivedField[], keep: (field: ArrivedField) => boolean): Record<string, string> {
  return Object.fromEntries(arrived.filter((f) => f.complete && !f.isFile && keep(f)).map((f) => [f.name, f.value]));
}
