/**
 * The health checks a load balancer or an orchestrator asks:
 *
 * - `/livez`, liveness: the process answers. Never touches the database, so a database
 *   outage does not get healthy processes restarted.
 * - `/readyz`, readiness: this process can take a submission now. The store answers
 *   within its time limits and holds the schema this code expects (the newest migration is
 *   applied). It also reports the outbox's backlog, which does not make it unready: a mail
 *   outage must not take the site out of service, since posts are stored first.
 *   `/healthz` answers the same, for monitors set up before the split.
 *
 * A load balancer routes to replicas whose `/readyz` answers 200 (see README, Deployment).
 */
import type { ServerResponse } from "node:http";
import type { SubmissionStore } from "../common/submissions.ts";
import { CACHE } from "./headers.ts";
import { log } from "./log.ts";

export const HEALTH_PATHS = ["/livez", "/readyz", "/healthz"] as const;

export function isHealthPath(pathname: string): boolean {
  return (HEALTH_PATHS as readonly string[]).includes(pathname);
}

export async function answerHealth(
  pathname: string,
  store: SubmissionStore,
  res: ServerResponse,
  now: () => Date = () => new Date(),
): Promise<void> {
  if (pathname === "/livez") {
    send(res, 200, { status: "ok" });
    return;
  }
  let readiness: Awaited<ReturnType<SubmissionStore["readiness"]>>;
  try {
    readiness = await store.readiness();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(`Readiness check: the store does not answer: ${reason}`);
    send(res, 503, { status: "store unavailable", store: store.dialect, reason });
    return;
  }
  const { schema, outbox } = readiness;
  const schemaReady = schema.applied !== null && schema.applied >= schema.expected;
  const oldest = outbox.oldestPendingAt;
  send(res, schemaReady ? 200 : 503, {
    status: schemaReady ? "ok" : "schema missing",
    store: store.dialect,
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
