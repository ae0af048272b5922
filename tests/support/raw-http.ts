/**
 * HTTP/1.1 written byte for byte on a TCP socket, for the tests of what a client may send:
 * no client library between the test and the server normalises a target, a header or a
 * method, or refuses to send one.
 */
import { connect } from "node:net";

export interface RawAnswer {
  /** The first line the server wrote, e.g. "HTTP/1.1 400 Bad Request"; "" if it wrote nothing. */
  statusLine: string;
  /** The status code from that line; 0 if there was none. */
  status: number;
  /** Header lines as written, lower-cased names. */
  headers: Map<string, string>;
  /** Everything after the first blank line (raw, possibly chunked or compressed). */
  body: string;
  /** The connection ended without a byte from the server. */
  silent: boolean;
}

/**
 * Sends `bytes` on a new connection to 127.0.0.1:`port`, half-closes it unless told not
 * to, and reads until the server closes it or the first answer's head and `Content-Length`
 * body are in, or `timeoutMs` passes.
 */
export function sendRawRequest(
  port: number,
  bytes: string | Buffer,
  options: { timeoutMs?: number; halfClose?: boolean } = {},
): Promise<RawAnswer> {
  const { timeoutMs = 5000, halfClose = false } = options;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1");
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks)));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("connect", () => {
      socket.write(bytes);
      if (halfClose) socket.end();
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (answerComplete(Buffer.concat(chunks))) finish();
    });
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", finish);
  });
}

/** A head and, where it says how long the body is, that many bytes after it. */
function answerComplete(received: Buffer): boolean {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = received.subarray(0, end).toString("latin1");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  // 1xx answers are followed by the real one.
  if (status >= 100 && status < 200) return answerComplete(received.subarray(end + 4));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  if (length !== undefined) return received.length - (end + 4) >= Number(length);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return received.includes("\r\n0\r\n\r\n", end);
  return false;
}

function parseAnswer(received: Buffer): RawAnswer {
  const text = received.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const head = end < 0 ? text : text.slice(0, end);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0);
  return {
    statusLine: /^HTTP\//.test(statusLine) ? statusLine : "",
    status,
    headers,
    body: end < 0 ? "" : text.slice(end + 4),
    silent: received.length === 0,
  };
}
