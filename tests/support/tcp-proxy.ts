/**
 * A TCP forwarder on a free loopback port, standing between the site and the real
 * PostgreSQL so a test can make the database misbehave the way a network or a stuck
 * server does, without touching the shared server itself:
 *
 * - `stall()`: connections stay open but nothing passes in either direction (a server
 *   that stopped answering, a link gone silent); `resume()` lets the data through again.
 * - not listening yet (`start: false`, then `listen()`): a database still starting up.
 */
import { createServer, type Server, type Socket, connect } from "node:net";
import { freePort } from "./processes.ts";

export interface TcpProxy {
  port: number;
  listen(): Promise<void>;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, { start = true } = {}): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let stalled = false;
  // While stalled, what either side sends waits here, in order, and is passed on by resume().
  let held: [Socket, Buffer][] = [];

  const forward = (from: Socket, to: Socket) =>
    from.on("data", (chunk: Buffer) => {
      if (stalled) held.push([to, chunk]);
      else to.write(chunk);
    });

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      socket.on("error", () => socket.destroy());
    }
    forward(client, upstream);
    forward(upstream, client);
  });

  const proxy: TcpProxy = {
    port,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      const pending = held;
      held = [];
      for (const [to, chunk] of pending) if (!to.destroyed) to.write(chunk);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) resolve();
        else server.close(() => resolve());
      }),
  };
  if (start) await proxy.listen();
  return proxy;
}
