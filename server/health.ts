/**
 * The health checks a load balancer or an orchestrator asks:
 *
 * - `/livez`, liveness: the process answers. Never touches the database, so a database
 *   outage does not get healthy processes restarted.
 * - `/readyz`, readiness: this process can take a submission now. The store answers
 *   within its time limits, holds the schema this code expects (the newest migration is
 *   applied) and can write: a probe write commits, and no visitor's write was refused for
 *   want of storage (a full disk) in the last 30 s (docs/decisions/0034). It also reports
 *   the outbox's backlog, which does not make it unready: a mail outage must not take the
 *   site out of service, since posts are stored first.
 *   `/healthz` answers the same, for monitors set up before the split.
 *
 * A load balancer routes to replicas whose `/readyz` answers 200 (see README, Deployment).
 */
import type { ServerResponse } from "node:http";
import { CACHE } from "./headers.ts";
import { log } from "./log.ts";
import type { StoreConnection } from "./submissions/store-types.ts";

export const HEALTH_PATHS = ["/livez", "/readyz", "/healthz"] as const;

export function isHealthPath(pathname: string): boolean {
  return (HEALTH_PATHS as readonly string[]).includes(pathname);
}

/** Whether each store could write at its last check: a change is logged once, not at every poll. */
const couldWrite = new WeakMap<StoreConnection, boolean>();

function noteWrites(store: StoreConnection, cannotWrite: string | null): void {
  const can = cannotWrite === null;
  if (couldWrite.get(store) === can) return;
  const before = couldWrite.get(store);
  couldWrite.set(store, can);
  if (!can) log.error(`Readiness check: ${cannotWrite}; not ready until it can write`);
  else if (before === false) log.info("Readiness check: the store can write again");
}

export async function answerHealth(
  pathname: string,
  store: StoreConnection,
  res: ServerResponse,
  now: () => Date = () => new Date(),
): Promise<void> {
  if (pathname === "/livez") {
    send(res, 200, { status: "ok" });
    return;
  }
  let readiness: Awaited<ReturnType<StoreConnection["readiness"]>>;
  try {
    readiness = await store.readiness();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(`Readiness check: the store does not answer: ${reason}`);
    send(res, 503, { status: "store unavailable", store: store.dialect, reason });
    return;
  }
  const { schema, outbox, cannotWrite } = readiness;
  const schemaReady = schema.applied !== null && schema.applied >= schema.expected;
  if (schemaReady) noteWrites(store, cannotWrite);
  const status = !schemaReady ? "schema missing" : cannotWrite !== null ? "store cannot write" : "ok";
  const oldest = outbox.oldestPendingAt;
  send(res, status === "ok" ? 200 : 503, {
    status,
    store: store.dialect,
    ...(status === "store cannot write" ? { reason: cannotWrite } : {}),
    schema,
    outbox: {
      pending: outbox.pending,
      oldestPendingSeconds:
        oldest === null ? null : Math.max(0, Math.round((now().getTime() - oldest.getTime()) / 1000)),
    },
  });
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": CACHE.none });
  res.end(JSON.stringify(body));
}
