/**
 * What the server answers below the request handler, on the socket itself: a request Node's
 * parser refuses (an unknown method is 501, as route-methods.ts would say), CONNECT, and the
 * listening server's own errors. None of these may end the process: a client can cause
 * each of them (docs/decisions/0031).
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { log } from "./log.ts";
import { ALWAYS_ALLOWED } from "./route-methods.ts";

/**
 * Node's parser refuses a request line it cannot read before any handler runs; answer an
 * unknown method with 501 instead of its default 400, and everything else as Node would.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const status =
    error.code === "HPE_INVALID_METHOD"
      ? "501 Not Implemented"
      : error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
  answerOnSocket(socket, status);
}

/** CONNECT asks for a tunnel, which this site never opens: 405, where Node would drop the connection. */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  answerOnSocket(socket, "405 Method Not Allowed", `Allow: ${[...ALWAYS_ALLOWED, "POST"].join(", ")}\r\n`);
}

/** A bodiless answer written straight to the socket, which is then closed; never throws. */
function answerOnSocket(socket: Duplex, status: string, headers = ""): void {
  // The socket's own errors (the client already gone) end only this connection.
  socket.on("error", () => socket.destroy());
  try {
    socket.end(`HTTP/1.1 ${status}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  } catch {
    socket.destroy();
  }
}

let lastServerErrorLogged = 0;

/** The listening server's own errors (an accept that failed): logged at most once a second. */
export function logServerError(error: Error): void {
  const now = Date.now();
  if (now - lastServerErrorLogged < 1000) return;
  lastServerErrorLogged = now;
  log.error(`The server could not accept a connection: ${error.message}`);
}
