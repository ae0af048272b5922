/**
 * The Fetch request React Router gets for a Node request (server/fetch-request.ts), over a
 * real HTTP server on loopback: a form's small post arrives whole, a large or chunked
 * one streams and is still cut off past the cap, and a client that leaves mid-body or
 * before its answer is noticed.
 *
 * Bad input tried: a body past the cap with a Content-Length and without one (chunked),
 * a connection closed after 10 of 1,000 declared bytes (read as it came, and read only
 * after the close), and one closed after its whole body while the answer was still being
 * made.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type FetchRequest, toFetchRequest, WHOLE_BODY_BYTES } from "../../server/fetch-request.ts";

const CAP = 200 * 1024;

interface Seen {
  fetchRequest: FetchRequest | null;
  /** The body as the form parser reads it, or the error it met. */
  body: string | Error;
  /** Whether Node had read the whole body before the Request existed (read whole, not streamed). */
  readBeforeHandedOver: boolean;
}

let server: Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A server whose every request goes through toFetchRequest; `onRequest` sees what came out. */
async function serve(onRequest: (seen: Seen, res: ServerResponse) => Promise<void> | void): Promise<number> {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const fetchRequest = await toFetchRequest(req, res, { protocol: "http:", host: "site.test" }, CAP);
      const readBeforeHandedOver = req.readableEnded;
      const body = fetchRequest
        ? await fetchRequest.request.text().catch((error: Error) => error)
        : new Error("no request");
      await onRequest({ fetchRequest, body, readBeforeHandedOver }, res);
    })();
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A server that answers every request at once and keeps what toFetchRequest made of it. */
async function recordEach(): Promise<{ port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const port = await serve((s, res) => {
    seen.push(s);
    res.end("ok");
  });
  return { port, seen };
}

function post(port: number, body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/contact.data", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("a form's small post", () => {
  it("arrives whole, as one Request of bytes at the public URL, with its fields and headers", async () => {
    const { port, seen } = await recordEach();
    const form = new URLSearchParams({
      name: "Asha Rao",
      email: "asha@example.com",
      message: "Quote for DFT, please.",
    });
    await post(port, form.toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://site.test",
    });

    const [s] = seen;
    expect(s?.fetchRequest?.request.url).toBe("http://site.test/contact.data");
    expect(s?.fetchRequest?.request.method).toBe("POST");
    expect(s?.fetchRequest?.request.headers.get("origin")).toBe("http://site.test");
    expect(s?.readBeforeHandedOver).toBe(true);
    expect(s?.fetchRequest?.bodyTooLarge()).toBe(false);
    expect(new URLSearchParams(String(s?.body)).get("message")).toBe("Quote for DFT, please.");
    // What arrived is the whole body, for the action to read if it must.
    expect(s?.fetchRequest?.bodyArrived().toString()).toBe(form.toString());
    expect(s?.fetchRequest?.request.signal.aborted).toBe(false);
  });

  it("of exactly the limit is still read whole; one byte more streams (Node has not read it all)", async () => {
    const { port, seen } = await recordEach();
    await post(port, Buffer.alloc(WHOLE_BODY_BYTES, "a"), { "Content-Type": "text/plain" });
    await post(port, Buffer.alloc(WHOLE_BODY_BYTES + 1, "b"), { "Content-Type": "text/plain" });
    expect(seen.map((s) => s.readBeforeHandedOver)).toEqual([true, false]);
    expect(seen.map((s) => (typeof s.body === "string" ? s.body.length : s.body.message))).toEqual([
      WHOLE_BODY_BYTES,
      WHOLE_BODY_BYTES + 1,
    ]);
  });
});

describe("a large or chunked post", () => {
  it("streams under the cap, and past it is cut off and reported, with a Content-Length or chunked", async () => {
    const { port, seen } = await recordEach();
    // Under the cap, chunked (no Content-Length): streamed, whole.
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/apply" }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", reject);
      req.write("part one, ");
      req.end("part two");
    });
    // Past the cap, with a length and chunked.
    await post(port, Buffer.alloc(CAP + 1024, "x"), { "Content-Type": "text/plain" }).catch(() => ({ status: 0 }));
    await new Promise<void>((resolve) => {
      const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/apply" }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", () => resolve());
      for (let i = 0; i < 8; i++) req.write(Buffer.alloc(32 * 1024, "y"));
      req.end();
    });

    expect(seen).toHaveLength(3);
    expect(seen[0]?.body).toBe("part one, part two");
    expect(seen[0]?.fetchRequest?.bodyTooLarge()).toBe(false);
    expect(seen[0]?.fetchRequest?.bodyArrived().toString()).toBe("part one, part two");
    for (const s of seen.slice(1)) {
      expect(s.body).toBeInstanceOf(Error);
      expect(s.fetchRequest?.bodyTooLarge()).toBe(true);
      // What the parser read before the cut: up to the cap, never past it, and only the body's bytes.
      const arrived = s.fetchRequest?.bodyArrived() ?? Buffer.alloc(0);
      expect(arrived.length).toBeGreaterThan(0);
      expect(arrived.length).toBeLessThanOrEqual(CAP);
      expect(new Set(arrived.toString())).toEqual(new Set(s === seen[1] ? "x" : "y"));
    }
  });
});

describe("a client that goes away", () => {
  it("after 10 of 1,000 declared bytes: no request is made, nothing waits for the rest", async () => {
    const { promise: seenOne, resolve } = Promise.withResolvers<Seen>();
    const port = await serve((s) => resolve(s));
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    socket.write(
      "POST /contact.data HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Content-Length: 1000\r\n\r\nname=Asha&",
    );
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    const s = await seenOne;
    expect(s.fetchRequest).toBeNull();
  });

  it("before its body is read at all (the server was busy): no request, and no wait for events that came already", async () => {
    const { promise: made, resolve } = Promise.withResolvers<FetchRequest | null>();
    server = createServer((req, res) => {
      // Read only once the client has gone, as when the pipeline awaited something first.
      req.once(
        "close",
        () => void toFetchRequest(req, res, { protocol: "http:", host: "site.test" }, CAP).then(resolve),
      );
    });
    await new Promise<void>((r) => server?.listen(0, "127.0.0.1", r));
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    socket.write("POST /contact.data HTTP/1.1\r\nHost: site.test\r\nContent-Length: 100\r\n\r\nname=Asha");
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    expect(await made).toBeNull();
  });

  it("after its whole body, before the answer: the request's signal aborts", async () => {
    const { promise: aborted, resolve } = Promise.withResolvers<boolean>();
    const port = await serve(async (s, res) => {
      const signal = s.fetchRequest?.request.signal;
      // The answer takes a while; the client does not wait for it.
      await new Promise((r) => setTimeout(r, 300));
      resolve(signal?.aborted ?? false);
      res.end();
    });
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    socket.write("POST /contact.data HTTP/1.1\r\nHost: site.test\r\nContent-Length: 9\r\n\r\nname=Asha");
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    expect(await aborted).toBe(true);
  });
});
