/**
 * `npm start`: the site's one process. Validates the environment, opens the submissions
 * store (migrating it), starts the outbox worker, serves on HOST:PORT, and on SIGTERM or
 * SIGINT stops taking connections, finishes the ones in flight, then closes the store.
 */
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { createApp, openActionOrigins } from "./app.ts";
import { EnvError, readEnv } from "./env.ts";
import { startOutboxWorker } from "./mail/outbox-worker.ts";
import { createTransport } from "./mail/transport.ts";
import { mailConfigFrom } from "./mail-config.ts";
import { RateLimiter } from "./rate-limit.ts";
import { openStore } from "./submissions/store.ts";

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const store = await openStore({ databaseUrl: env.DATABASE_URL, sqlitePath: join(env.DATA_DIR, "blueberry.sqlite") });
const mailConfig = mailConfigFrom(env);
const transport = createTransport(mailConfig);
const outbox = startOutboxWorker({
  store,
  transport,
  config: mailConfig,
  pollIntervalMs: env.OUTBOX_POLL_SECONDS * 1000,
  pendingAlertAfterMs: env.MAIL_ALERT_AFTER_MINUTES * 60_000,
  log: { info: (m) => console.log(m), error: (m) => console.error(m) },
});
const rateLimiter = new RateLimiter(env.RATE_LIMIT_MAX_POSTS, env.RATE_LIMIT_WINDOW_SECONDS * 1000);

// `npm run dev` (--dev): Vite compiles the app on request and reloads it on change.
const dev = process.argv.includes("--dev");
const vite = dev
  ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" })
  : null;

const app = await createApp({
  build: vite
    ? { load: async () => openActionOrigins((await vite.ssrLoadModule("virtual:react-router/server-build")) as never) }
    : { dir: resolve(env.BUILD_DIR) },
  mode: dev ? "development" : env.NODE_ENV,
  trustProxy: env.TRUST_PROXY,
  services: {
    store,
    kickOutbox: () => outbox.kick(),
    allowPost: (key) => rateLimiter.allow(key),
    settings: { minFillMs: env.MIN_FILL_SECONDS * 1000, allowedOrigins: env.ALLOWED_ORIGINS },
  },
});

const server = createServer((req, res) => {
  const handle = () =>
    app(req, res).catch((error: unknown) => {
      console.error("Request failed:", error);
      if (!res.headersSent)
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Unexpected Application Error!");
    });
  if (vite) vite.middlewares(req, res, handle);
  else handle();
});
// Slow clients may not hold a connection open forever.
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE")
    console.error(`Port ${env.PORT} on ${env.HOST} is already in use; set PORT to another one.`);
  else console.error("The server could not start:", error.message);
  process.exit(1);
});

server.listen(env.PORT, env.HOST, () => {
  const shown = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const where = env.DATABASE_URL ? "PostgreSQL" : `SQLite in ${env.DATA_DIR}/`;
  const mail = env.SMTP_URL ? "SMTP" : `files in ${mailConfig.outboxDir}/`;
  console.log(`Blueberry site listening on http://${shown}:${env.PORT} (submissions: ${where}; mail: ${mail})`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  const finish = async () => {
    await vite?.close();
    await outbox.stop();
    rateLimiter.stop();
    transport.close();
    await store.close();
    process.exit(0);
  };
  server.close(() => void finish());
  server.closeIdleConnections();
  // Requests still running after 10 s are cut off rather than holding the deploy.
  setTimeout(() => {
    server.closeAllConnections();
    void finish();
  }, 10_000).unref();
}
process.once("SIGTERM", () => stop("SIGTERM"));
process.once("SIGINT", () => stop("SIGINT"));
