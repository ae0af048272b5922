/**
 * `npm start`: the site's one process. Reads and validates the environment, serves on
 * HOST:PORT, and on SIGTERM or SIGINT stops taking connections and finishes the ones
 * in flight before exiting.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import { createApp } from "./app.ts";
import { EnvError, readEnv } from "./env.ts";

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const app = await createApp({ buildDir: resolve(env.BUILD_DIR), mode: env.NODE_ENV });

const server = createServer((req, res) => {
  app(req, res).catch((error: unknown) => {
    console.error("Request failed:", error);
    if (!res.headersSent)
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end("Unexpected Application Error!");
  });
});
// Slow clients may not hold a connection open forever.
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;

server.listen(env.PORT, env.HOST, () => {
  const shown = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  console.log(`Blueberry site listening on http://${shown}:${env.PORT}`);
});

function stop(signal: string) {
  console.log(`${signal} received: finishing open requests, then stopping.`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Requests still running after 10 s are cut off rather than holding the deploy.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.once("SIGTERM", () => stop("SIGTERM"));
process.once("SIGINT", () => stop("SIGINT"));
