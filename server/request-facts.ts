/**
 * Facts about a request that depend on how the server is deployed: who the client is,
 * what origin the visitor sees, and a cap on the body. Forwarded headers count only
 * when TRUST_PROXY says a proxy in front of us sets them (anyone can send them).
 */
import type { IncomingMessage } from "node:http";

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    // The proxy appends the address it saw; the last entry is the one it vouches for.
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded.at(-1);
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(",")[0]?.trim() || undefined;
}

export function publicOrigin(req: IncomingMessage, trustProxy: boolean): string {
  const encrypted = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  let protocol = encrypted ? "https" : "http";
  let host = req.headers.host ?? "localhost";
  if (trustProxy) {
    protocol = firstHeader(req.headers["x-forwarded-proto"]) ?? protocol;
    host = firstHeader(req.headers["x-forwarded-host"]) ?? host;
  }
  return `${protocol}://${host}`.toLowerCase();
}

/**
 * Passes at most `limit` bytes of a request body on; past that it ends the stream
 * early (the parser then sees a truncated body) and remembers that it did.
 */
export function capBody(body: ReadableStream<Uint8Array>, limit: number) {
  let seen = 0;
  let exceeded = false;
  const capped = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          exceeded = true;
          controller.error(new Error("request body too large"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { body: capped, exceeded: () => exceeded };
}
