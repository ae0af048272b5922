/**
 * The bench's own HTTP client (scripts/bench/http-post.ts) against a real node:http
 * server: it must read every answer whole, however the server frames it, or the bench
 * would count wrong. Tried: a chunked answer arriving in pieces, a Content-Length
 * answer, an empty one, "Connection: close", a server that never answers, a refused port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { KeepAliveConnection } from "../../scripts/bench/http-post.ts";

let server: Server | null = null;
const sockets = new Set<string>();

async function serve(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    sockets.add(`${req.socket.remotePort}`);
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stopServer(): Promise<void> {
  const running = server;
  server = null;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}

afterEach(async () => {
  sockets.clear();
  await stopServer();
});

describe("the bench's keep-alive client", () => {
  it("reads a chunked answer sent in pieces, and sends the body and headers it was given", async () => {
    const origin = await serve((req, body, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write(`${req.method} ${req.url} ${req.headers.origin} `);
      setTimeout(() => res.end(`got ${body}`), 5);
    });
    const connection = new KeepAliveConnection(origin, 5000);
    const answer = await connection.post("/contact.data", { Origin: "http://example.test" }, Buffer.from("a=1&b=2"));
    connection.close();
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe("POST /contact.data http://example.test got a=1&b=2");
  });

  it("reads Content-Length and empty answers, and keeps one connection for many posts", async () => {
    let n = 0;
    const origin = await serve((_req, _body, res) => {
      n++;
      if (n % 2 === 0) res.writeHead(204).end();
      else res.writeHead(403, { "Content-Length": "6" }).end("denied");
    });
    const connection = new KeepAliveConnection(origin, 5000);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await connection.post("/", {}, Buffer.from("x")));
    connection.close();
    expect(answers.map((a) => [a.status, a.body.toString()])).toEqual([
      [403, "denied"],
      [204, ""],
      [403, "denied"],
      [204, ""],
    ]);
    expect(sockets.size).toBe(1);
  });

  it("opens a new connection after an answer that closes its own", async () => {
    const origin = await serve((_req, _body, res) => res.writeHead(200, { Connection: "close" }).end("bye"));
    const connection = new KeepAliveConnection(origin, 5000);
    const first = await connection.post("/", {}, Buffer.from("1"));
    const second = await connection.post("/", {}, Buffer.from("2"));
    connection.close();
    expect([first.body.toString(), second.body.toString()]).toEqual(["bye", "bye"]);
    expect(sockets.size).toBe(2);
  });

  it("fails a post the server never answers with a TimeoutError, and a refused one with a NetworkError", async () => {
    const origin = await serve(() => {});
    const silent = new KeepAliveConnection(origin, 200);
    await expect(silent.post("/", {}, Buffer.from("x"))).rejects.toMatchObject({ name: "TimeoutError" });
    silent.close();
    await stopServer();
    const refused = new KeepAliveConnection(origin, 2000);
    await expect(refused.post("/", {}, Buffer.from("x"))).rejects.toMatchObject({ name: "NetworkError" });
  });
});
