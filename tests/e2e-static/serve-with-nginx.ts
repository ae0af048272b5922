/**
 * The web server of playwright.static.config.ts: Debian's nginx running the shipped
 * deploy/static-host/nginx.conf (port and root replaced, the shipped header snippet
 * included) on 127.0.0.1:STATIC_PORT, serving the test static build (STATIC_DIR). Runs
 * until SIGTERM or SIGINT, then stops nginx (its own child, by PID) and exits.
 *
 *   node tests/e2e-static/serve-with-nginx.ts
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startNginx } from "../support/nginx.ts";
import { ROOT, STATIC_DIR, STATIC_PORT } from "../support/static-env.ts";

const root = join(ROOT, STATIC_DIR);
if (!existsSync(join(root, "index.html")) || !existsSync(join(root, "404.html"))) {
  console.error(
    `No static test build in ${STATIC_DIR}/. Build it first (npm test does): the PUBLIC_* values and ` +
      `STATIC_DIR of tests/support/static-env.ts, then npm run build:static.`,
  );
  process.exit(1);
}

let nginx: Awaited<ReturnType<typeof startNginx>>;
try {
  nginx = await startNginx({
    serverBlockFile: join(ROOT, "deploy/static-host/nginx.conf"),
    root,
    includeDir: join(ROOT, "deploy/static-host"),
    port: STATIC_PORT,
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`nginx serves ${STATIC_DIR}/ on ${nginx.base}`);

let stopping = false;
async function shutDown() {
  if (stopping) return;
  stopping = true;
  await nginx.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void shutDown());
process.on("SIGINT", () => void shutDown());
