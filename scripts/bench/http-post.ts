/**
 * The load generator's HTTP/1.1 client for `bench:submissions`: one kept-alive socket
 * per client, one request on it at a time, the request's bytes written at once and the
 * answer read with just enough parsing to know where it ends (Content-Length or chunked).
 *
 * Why not node:http: on these two-core machines its client costs about 0.5 ms of CPU per
 * request (about a fifth of a core at 400 posts a second), CPU the server under test then
 * does not have. This costs a small fraction of that. It is a measuring tool for our own
 * server on loopback, not a general client: no redirects, no pipelining, no TLS.
 */
import { connect, type Socket } from "node:net";

export interface HttpAnswer {
  status: number;
  body: Buffer;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

export class KeepAliveConnection {
  readonly #host: string;
  readonly #port: number;
  readonly #timeoutMs: number;
  #socket: Socket | null = null;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void } | null = null;
  #timer: NodeJS.Timeout | undefined;

  constructor(origin: string, timeoutMs: number) {
    const url = new URL(origin);
    if (url.protocol !== "http:") throw new Error(`only http: origins, not ${url.protocol}`);
    this.#host = url.hostname;
    this.#port = Number(url.port || 80);
    this.#timeoutMs = timeoutMs;
  }

  /** POSTs `body` to `path`; `headers` must not hold Host, Content-Length or Connection. */
  post(path: string, headers: Record<string, string>, body: Buffer): Promise<HttpAnswer> {
    if (this.#pending) return Promise.reject(new Error("one request at a time per connection"));
    const head =
      `POST ${path} HTTP/1.1\r\nHost: ${this.#host}:${this.#port}\r\nConnection: keep-alive\r\n` +
      `Content-Length: ${body.length}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      "\r\n";
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#timer = setTimeout(() => this.#fail(timeoutError()), this.#timeoutMs);
      const socket = this.#open();
      socket.write(Buffer.concat([Buffer.from(head, "latin1"), body]));
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = null;
  }

  #open(): Socket {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    this.#buffer = Buffer.alloc(0);
    const socket = connect({ host: this.#host, port: this.#port, noDelay: true });
    socket.on("data", (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#readAnswer();
    });
    // Only the current socket's end concerns the request in flight: one closed after an
    // answer ("Connection: close") may report its end after the next request has begun.
    socket.on("error", (error) => {
      if (this.#socket === socket) this.#fail(Object.assign(error, { name: "NetworkError" }));
    });
    socket.on("close", () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#fail(Object.assign(new Error("connection closed before the answer ended"), { name: "NetworkError" }));
    });
    this.#socket = socket;
    return socket;
  }

  /** Settles the request once its whole answer is in the buffer; otherwise waits for more. */
  #readAnswer(): void {
    if (!this.#pending) return;
    const buffer = this.#buffer;
    const headEnd = buffer.indexOf(HEADER_END);
    if (headEnd === -1) return;
    const head = buffer.subarray(0, headEnd).toString("latin1");
    const status = Number(head.slice(9, 12));
    const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const chunked = /\r\ntransfer-encoding:\s*chunked/i.test(head);
    let body: Buffer;
    let end: number;
    if (chunked) {
      const parts: Buffer[] = [];
      let at = headEnd + HEADER_END.length;
      for (;;) {
        const lineEnd = buffer.indexOf(CRLF, at);
        if (lineEnd === -1) return;
        const size = Number.parseInt(buffer.subarray(at, lineEnd).toString("latin1"), 16);
        if (!Number.isFinite(size)) return this.#fail(new Error("a malformed chunk size"));
        const dataStart = lineEnd + CRLF.length;
        if (buffer.length < dataStart + size + CRLF.length) return;
        if (size === 0) {
          end = dataStart + CRLF.length; // No trailers from our server.
          break;
        }
        parts.push(buffer.subarray(dataStart, dataStart + size));
        at = dataStart + size + CRLF.length;
      }
      body = Buffer.concat(parts);
    } else {
      const length = lengthMatch ? Number(lengthMatch[1]) : 0;
      const start = headEnd + HEADER_END.length;
      if (buffer.length < start + length) return;
      body = buffer.subarray(start, start + length);
      end = start + length;
    }
    this.#buffer = buffer.subarray(end);
    const pending = this.#pending;
    this.#pending = null;
    clearTimeout(this.#timer);
    // An answer saying it closes the connection: the next request opens a new one.
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    pending.resolve({ status, body });
  }

  #fail(error: Error): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    clearTimeout(this.#timer);
    this.close();
    pending.reject(error);
  }
}

function timeoutError(): Error {
  return Object.assign(new Error("timed out"), { name: "TimeoutError" });
}
