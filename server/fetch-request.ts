/**
 * The Fetch `Request` React Router is handed for a Node request, with its body capped at
 * the largest upload we accept.
 *
 * A form's text post (a contact message: a few kilobytes with a declared length) is read
 * whole first and handed over as bytes: one Request, no stream between the socket and
 * the form parser. Under load that is a good part of the request thread's work per post.
 * Anything larger or of unknown length (an application with its CV) streams through, cut
 * off past the cap.
 *
 * Either way the body's bytes are kept as the form parser reads them: when a post is too
 * large, the action reads what arrived to name the field that made it so.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHeaders, createRequest } from "@remix-run/node-fetch-server";

/** Bodies up to this size, with a Content-Length, are read whole before the request is made. */
export const WHOLE_BODY_BYTES = 64 * 1024;

export interface FetchRequest {
  request: Request;
  /** Whether the body went past the cap (the form parser then saw it cut short). */
  bodyTooLarge: () => boolean;
  /** The body's bytes the parser has read so far: all of a small one. */
  bodyArrived: () => Buffer;
}

const NOTHING = Buffer.alloc(0);

/**
 * The request at `origin` (protocol and host as the visitor used them); null when the
 * client went away before its small body arrived: there is no one to answer.
 */
export async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: { protocol: string; host: string },
  maxBodyBytes: number,
): Promise<FetchRequest | null> {
  const method = req.method ?? "GET";
  const length = declaredLength(req);
  if (method !== "GET" && method !== "HEAD" && length !== null && length <= Math.min(WHOLE_BODY_BYTES, maxBodyBytes)) {
    const body = await readWhole(req, length);
    if (!body) return null;
    // As node-fetch-server's own: aborted when the answer can no longer be written.
    const lifetime = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) lifetime.abort();
    });
    const request = new Request(`${origin.protocol}//${origin.host}${req.url}`, {
      method,
      headers: createHeaders(req),
      body,
      signal: lifetime.signal,
    });
    return { request, bodyTooLarge: () => false, bodyArrived: () => body };
  }
  const request = createRequest(req, res, origin);
  if (!request.body) return { request, bodyTooLarge: () => false, bodyArrived: () => NOTHING };
  const capped = capBody(request.body, maxBodyBytes);
  return {
    request: new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: capped.body,
      signal: request.signal,
      duplex: "half",
    } as RequestInit),
    bodyTooLarge: capped.exceeded,
    bodyArrived: capped.arrived,
  };
}

/** Content-Length when it is the whole story (no chunked encoding), else null. */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  if (header === undefined || req.headers["transfer-encoding"] !== undefined) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/** The body's `length` bytes (Node's parser ends it there), or null if the client went away first. */
function readWhole(req: IncomingMessage, length: number): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve) => {
    // Gone while the pipeline awaited something else: its "close" will not come again.
    if (req.destroyed) {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (body: Buffer<ArrayBuffer> | null) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = () => settle(received === length ? Buffer.concat(chunks, received) : null);
    const onGone = () => settle(null);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  });
}

/**
 * Passes at most `limit` bytes of a request body on, keeping what it passed; past that
 * it ends the stream early (the parser then sees a truncated body) and remembers that it
 * did.
 */
export function capBody(body: ReadableStream<Uint8Array>, limit: number) {
  let seen = 0;
  let exceeded = false;
  const passed: Uint8Array[] = [];
  const capped = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          exceeded = true;
          controller.error(new Error("request body too large"));
          return;
        }
        passed.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  return { body: capped, exceeded: () => exceeded, arrived: () => Buffer.concat(passed) };
}
