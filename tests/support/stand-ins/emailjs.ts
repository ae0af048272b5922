/**
 * A STAND-IN for EmailJS's send endpoint, for tests only. It is not EmailJS: it sends no
 * mail and knows no accounts, services or templates.
 *
 * Why: the server's `emailjs` mail transport and the static build's browser code
 * (`@emailjs/browser`) both call EmailJS's REST API, and these machines have no internet.
 * So this small node:http server, on loopback, answers the one call both make, and records
 * each one for the test to read:
 *
 * - `POST /api/v1.0/email/send` with a JSON body. `@emailjs/browser` 4.x `send()` posts
 *   `{ lib_version, user_id, service_id, template_id, template_params }` with
 *   `Content-type: application/json` (read from node_modules/@emailjs/browser/es/methods/
 *   send/send.js); the REST API (our server) adds `accessToken`, the private key. Missing
 *   `service_id`, `template_id` or `user_id`, a body that is not JSON, or `template_params`
 *   that is not an object: 400 with EmailJS-like text. Otherwise 200 "OK".
 * - CORS for pages on other origins: `Access-Control-Allow-Origin: *` on every answer, and
 *   preflights (`OPTIONS`) allowed for POST with a Content-Type header (a JSON POST from a
 *   browser is always preflighted).
 * - Any other path: 404; any other method on the send path: 405.
 *
 * Behaviours a test sets: `failNext(count, status)` fails the next sends (default 500),
 * then `respondWith(status, text)` answers every following send until `reset()`; the
 * checks of the body come after both, as a real refusal (e.g. 403 "API calls are disabled
 * for non-browser applications") comes before EmailJS looks at the body. `received` holds
 * every send request, whatever it was answered, in arrival order (not the preflights,
 * which are in `preflights`).
 *
 * Usage with the browser SDK: `emailjs.init({ publicKey, origin: standIn.origin })` before
 * `send(...)`; in 4.4.1 only `init` sets the origin (`send`'s own options do not).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SEND_PATH = "/api/v1.0/email/send";
/** Bodies past this are refused (EmailJS allows 50 KB of variables; this is generous). */
const MAX_BODY_BYTES = 1024 * 1024;

export interface ReceivedSend {
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface AnsweredSend extends ReceivedSend {
  status: number;
  text: string;
}

export interface EmailJsStandIn {
  /** http://127.0.0.1:<port>: what `EMAILJS_API_ORIGIN` or the SDK's `origin` option gets. */
  origin: string;
  port: number;
  /** Every `POST /api/v1.0/email/send`, in arrival order. */
  received: ReceivedSend[];
  /** Answer every following send with this status and text, until `reset()`. */
  respondWith(status: number, text?: string): void;
  /** Fail the next `count` sends with `status` (default 500), before anything else. */
  failNext(count: number, status?: number): void;
  /** Forgets what was received and every behaviour set. */
  reset(): void;
  stop(): Promise<void>;

  // Extras.
  /** The sends with what each was answered. */
  answered: AnsweredSend[];
  /** CORS preflights received (headers only). */
  preflights: { headers: Record<string, string>; at: number }[];
  /** Resolves once `received` holds at least `count` sends; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedSend[]>;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

const CORS = {
  "Access-Control-Allow-Origin": "*",
};

export async function startEmailJsStandIn(options: { port?: number } = {}): Promise<EmailJsStandIn> {
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  let fixed: { status: number; text: string } | null = null;
  const received: ReceivedSend[] = [];
  const answered: AnsweredSend[] = [];
  const preflights: { headers: Record<string, string>; at: number }[] = [];
  const waiters = new Set<() => void>();

  function answer(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, { ...CORS, "Content-Type": "text/plain; charset=utf-8", ...extra });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    if (path !== SEND_PATH) {
      req.resume();
      return answer(res, 404, "Not Found");
    }
    if (req.method === "OPTIONS") {
      preflights.push({ headers: headersOf(req), at: Date.now() });
      res.writeHead(204, {
        ...CORS,
        "Access-Control-Allow-Methods": "POST, OPTIONS",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
        // Chromium's Private Network Access asks before a page reaches a loopback address.
        ...(req.headers["access-control-request-private-network"] === "true"
          ? { "Access-Control-Allow-Private-Network": "true" }
          : {}),
      });
      res.end();
      return;
    }
    if (req.method !== "POST") {
      req.resume();
      return answer(res, 405, "Method Not Allowed", { Allow: "POST, OPTIONS" });
    }

    const at = Date.now();
    const headers = headersOf(req);
    const raw = await readBody(req);
    let body: unknown = raw?.toString("utf8") ?? "";
    let json = false;
    if (raw && /^application\/json\b/i.test(headers["content-type"] ?? "")) {
      try {
        body = JSON.parse(raw.toString("utf8"));
        json = true;
      } catch {
        // Recorded as text; refused below.
      }
    }
    const entry: ReceivedSend = { headers, body, at };
    received.push(entry);

    let status: number;
    let text: string;
    if (failures.left > 0) {
      failures.left--;
      status = failures.status;
      text = STATUS_TEXT[status] ?? "Error";
    } else if (fixed) {
      ({ status, text } = fixed);
    } else if (!raw) {
      [status, text] = [413, "The request body is too large"];
    } else {
      [status, text] = check(json, body);
    }
    answered.push({ ...entry, status, text });
    answer(res, status, text);
    for (const wake of waiters) wake();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, "Internal Server Error");
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    answered,
    preflights,
    respondWith(status, text = STATUS_TEXT[status] ?? (status === 200 ? "OK" : "")) {
      if (!Number.isInteger(status) || status < 200 || status > 599)
        throw new RangeError(`not an HTTP status: ${status}`);
      fixed = { status, text };
    },
    failNext(count, status = 500) {
      if (!Number.isInteger(count) || count < 0) throw new RangeError(`not a count: ${count}`);
      if (!Number.isInteger(status) || status < 300 || status > 599)
        throw new RangeError(`not a failure status: ${status}`);
      failures = { left: count, status };
    },
    reset() {
      failures = { left: 0, status: 500 };
      fixed = null;
      received.length = 0;
      answered.length = 0;
      preflights.length = 0;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const done = () => {
          if (received.length < count) return false;
          cleanup();
          resolve(received.slice());
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`the EmailJS stand-in received ${received.length} of ${count} sends within ${timeoutMs} ms`),
          );
        }, timeoutMs);
        const wake = () => void done();
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        if (!done()) waiters.add(wake);
      });
    },
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** What EmailJS would say about the body (texts modelled on EmailJS's own). */
function check(json: boolean, body: unknown): [number, string] {
  if (!json || typeof body !== "object" || body === null || Array.isArray(body))
    return [400, "The request body must be JSON: {service_id, template_id, user_id, template_params}"];
  const fields = body as Record<string, unknown>;
  const missing = (name: string) => typeof fields[name] !== "string" || fields[name] === "";
  if (missing("user_id"))
    return [400, "The public key is required. To find this ID, visit https://dashboard.emailjs.com/admin/account"];
  if (missing("service_id"))
    return [400, "The service ID is required. To find this ID, visit https://dashboard.emailjs.com/admin"];
  if (missing("template_id"))
    return [400, "The template ID is required. To find this ID, visit https://dashboard.emailjs.com/admin/templates"];
  const params = fields.template_params;
  if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params)))
    return [400, "The template params must be an object"];
  return [200, "OK"];
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/** The body, or null when it is larger than MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) tooLarge = true;
    else chunks.push(chunk);
  }
  return tooLarge ? null : Buffer.concat(chunks);
}
