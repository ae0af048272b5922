/**
 * `npm start`: the site's one process. Validates the environment, opens the submissions
 * store (migrating it; waiting for a database that is still starting), reads or creates
 * the CV link secret, starts the mail delivery thread (the outbox worker,
 * server/mail/delivery.ts), serves on HOST:PORT, and on SIGTERM or SIGINT stops taking
 * connections, finishes the ones in flight and the mail being sent, then closes the store.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import { createApp } from "./app.ts";
import { cmsSignInRoute } from "./cms-sign-in.ts";
import { EnvError, readEnv, requireBuiltRetention } from "./env.ts";
import { type Delivery, DeliveryStartError, startDelivery } from "./mail/delivery.ts";
import { mailConfigFrom } from "./mail/config.ts";
import { createFormGuard } from "./form-guard.ts";
import { lineLogger, log, sendConsoleToLog } from "./log.ts";
import { createMetrics, startMetricsServer } from "./metrics.ts";
import { openPostRateLimit } from "./rate-limit.ts";
import { createRenderLimit } from "./render-limit.ts";
import { proxyHeadersFrom } from "./request-facts.ts";
import { answerClientError, answerConnect, logServerError } from "./connection-errors.ts";
import { createLinkSigner, cvLinkRoute, linkSecretFrom } from "./signed-links.ts";
import { applicantDataService } from "./applicant-data.ts";
import { createSubmissionIntake } from "./submission-intake.ts";
import { openStoreWhenReachable, StoreStartError, storeOptionsFrom } from "./submissions/store.ts";
import type { Store } from "./submissions/store-types.ts";

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
  // The built privacy notice states the retention periods the build recorded (decision 0010).
  if (!process.argv.includes("--dev")) requireBuiltRetention(env, { required: true });
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  // Plain text, before anything else runs: a person starting the server reads this one.
  console.error(error.message);
  process.exit(1);
}
// From here on every line is JSON, what the bundled app prints through console.* too.
if (!process.argv.includes("--dev")) sendConsoleToLog(log);

let store: Store;
try {
  // A stack started at once may find PostgreSQL still coming up: wait for it, a line per try.
  store = await openStoreWhenReachable(
    { ...storeOptionsFrom(env), pool: { size: 8, name: "blueberry-site" } },
    { giveUpAfterMs: env.DATABASE_START_TIMEOUT_SECONDS * 1000, log: (line) => log.warn(line) },
  );
} catch (error) {
  if (!(error instanceof StoreStartError)) throw error;
  log.error(error.message);
  process.exit(1);
}
const mailConfig = mailConfigFrom(env);
// LINK_SECRET, or the one every replica shares through the store (docs/decisions/0007).
const linkSecret = await linkSecretFrom(store, env.LINK_SECRET);
const linkSigner = createLinkSigner(linkSecret);
// The same secret, another purpose: an applicant's link to their own data (docs/decisions/0017).
const applicantLinkSigner = createLinkSigner(linkSecret, "applicantData");
// Off (METRICS_PORT=0) means nothing is counted either: no one could read the numbers.
const metrics = env.METRICS_PORT === 0 ? undefined : createMetrics(store);
// The outbox worker runs in a thread of its own, with its own store connections.
let delivery: Delivery;
try {
  delivery = await startDelivery({
    linkSecret,
    log: lineLogger(log),
    onDelivery: metrics ? (outcome, kind) => metrics.mailDelivery(outcome, kind) : undefined,
  });
} catch (error) {
  if (!(error instanceof DeliveryStartError)) throw error;
  log.error(`Mail delivery could not start: ${error.message}`);
  process.exit(1);
}
// In PostgreSQL when the submissions are, so every replica counts against one limit.
const rateLimit = await openPostRateLimit(
  {
    maxAttempts: env.RATE_LIMIT_MAX_ATTEMPTS,
    maxAccepted: env.RATE_LIMIT_MAX_POSTS,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  },
  env.DATABASE_URL,
);

// `npm run dev` (--dev): Vite compiles the app on request and reloads it on change.
const dev = process.argv.includes("--dev");
const vite = dev
  ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" })
  : null;

// Saves and erasures, each followed by a nudge to the outbox; stored submissions counted.
const intake = createSubmissionIntake({
  records: store,
  wakeOutbox: () => delivery.kick(),
  accepted: metrics ? (kind) => metrics.submissionAccepted(kind) : undefined,
});
const app = await createApp({
  build: vite
    ? { load: async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as never }
    : { dir: resolve(env.BUILD_DIR) },
  mode: dev ? "development" : env.NODE_ENV,
  proxy: proxyHeadersFrom(env.TRUST_PROXY),
  formGuard: createFormGuard({ allowedOrigins: env.ALLOWED_ORIGINS, rateLimit }),
  cvLinks: cvLinkRoute({ signer: linkSigner, store }),
  // Editors' "Sign In with GitHub" at /admin/ (docs/decisions/0052); the secret stays here.
  cmsSignIn: cmsSignInRoute({
    client:
      env.CMS_OAUTH_CLIENT_ID && env.CMS_OAUTH_CLIENT_SECRET
        ? { id: env.CMS_OAUTH_CLIENT_ID, secret: env.CMS_OAUTH_CLIENT_SECRET }
        : undefined,
    oauthHost: env.CMS_OAUTH_HOST,
    exchangeTimeoutMs: env.CMS_OAUTH_TIMEOUT_SECONDS * 1000,
    log,
  }),
  metrics,
  log,
  // In development every page is rendered, and the developer is the only client.
  renderLimit: dev ? undefined : createRenderLimit(env.RATE_LIMIT_RENDERS_PER_MINUTE),
  store,
  services: {
    submissions: { accept: intake.accept },
    settings: { minFillMs: env.MIN_FILL_SECONDS * 1000 },
    applicantData: applicantDataService({ signer: applicantLinkSigner, records: store, intake }),
  },
});

// The operator's numbers, on a port of their own, on loopback unless METRICS_HOST says otherwise.
const metricsServer = metrics
  ? await startMetricsServer(metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST, log })
  : null;

const server = createServer((req, res) => {
  // `app` logs and answers its own failures (with the request's id).
  const handle = () => void app(req, res);
  if (vite) vite.middlewares(req, res, handle);
  else handle();
});
// Slow clients may not hold a connection open forever.
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;
// Idle connections outlive a proxy's (nginx's upstream keepalive_timeout, 60 s in
// deploy/nginx.conf), so the proxy, never the app, closes one: otherwise a post sent just
// as the app closes the connection fails, and the proxy cannot safely resend a post (502).
server.keepAliveTimeout = 65_000;
// A request line Node cannot parse (an unknown method such as FOO) never reaches `app`.
server.on("clientError", answerClientError);
// CONNECT (a proxy tunnel) never reaches `app` either: without this Node drops the connection.
server.on("connect", answerConnect);

// Only a failure to listen ends the process. Once serving, the server's own errors come
// from accepting a connection (out of file descriptors, say): clients can cause those,
// so they are logged, at most once a second, and the server goes on (docs/decisions/0031).
function failedToListen(error: NodeJS.ErrnoException) {
  if (error.code === "EADDRINUSE")
    log.error(`Port ${env.PORT} on ${env.HOST} is already in use; set PORT to another one.`);
  else log.error(`The server could not start: ${error.message}`);
  process.exit(1);
}
server.once("error", failedToListen);

server.listen(env.PORT, env.HOST, () => {
  server.off("error", failedToListen);
  server.on("error", logServerError);
  const shown = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const where = env.DATABASE_URL ? "PostgreSQL" : `SQLite in ${env.DATA_DIR}/`;
  const mail = { smtp: "SMTP", emailjs: "EmailJS", file: `files in ${mailConfig.outboxDir}/` }[mailConfig.transport];
  log.info(`Blueberry site listening on http://${shown}:${env.PORT} (submissions: ${where}; mail: ${mail})`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: finishing open requests, then stopping.`);
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await vite?.close();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await delivery.stop();
    await rateLimit.close();
    await store.close();
    process.exit(0);
  };
  // Node's server does what http-terminator or stoppable would add (docs/decisions/0011):
  // no new connections, idle keep-alive ones closed now, busy ones once their answer is sent.
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
