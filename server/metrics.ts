/**
 * What an operator's Prometheus scrapes, with prom-client: requests by status and method,
 * submissions accepted by kind and refused by reason, the outbox's backlog (read from the
 * store at each scrape), mail sent and failed by kind, and Node's own process metrics.
 *
 * Served on a port of its own (METRICS_PORT, default 9464; 0 turns it off) bound to
 * METRICS_HOST (default 127.0.0.1): the numbers are for the operator, not the public, and
 * the site's own port never answers /metrics.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import type { SubmissionKind } from "../common/submissions.ts";
import type { Logger } from "./log.ts";
import type { MailKind, StoreConnection } from "./submissions/store-types.ts";

/** A form post's refusal, named after the status the form answers with (app/forms/action-steps.server.ts, server/form-guard.ts). */
const REFUSAL_REASONS: Record<number, string> = {
  400: "invalid",
  403: "cross_origin",
  413: "too_large",
  415: "wrong_content_type",
  429: "rate_limited",
  503: "store_unavailable",
};

/** Methods reported by name; anything else is `other`, so a scanner cannot mint new series. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS", "PUT", "PATCH", "DELETE"]);

export interface SiteMetrics {
  readonly registry: Registry;
  /** Every answered request, static files and health checks included. */
  requestFinished(method: string, status: number): void;
  /** A form post React Router answered (counts a refusal when its status says so). */
  formPostAnswered(status: number): void;
  /** A submission stored (server/submission-intake.ts counts it once committed). */
  submissionAccepted(kind: SubmissionKind): void;
  mailDelivery(outcome: "sent" | "failed", kind: MailKind): void;
  /** Reads the outbox's backlog from the store into the gauges; called before each scrape. */
  refreshFromStore(): Promise<void>;
}

export function createMetrics(
  store: Pick<StoreConnection, "readiness">,
  now: () => Date = () => new Date(),
): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Every answer is counted, each static file too: the hot path adds to a plain tally, and
  // each scrape hands what it gathered to the counter (prom-client's inc() hashes its label
  // object on every call: a few percent of a static file's CPU, docs/decisions/0029).
  const requestTally = new Map<string, Map<number, number>>();
  new Counter({
    name: "blueberry_http_requests_total",
    help: "HTTP requests answered, by method and status code.",
    labelNames: ["method", "status"] as const,
    registers: [registry],
    collect() {
      for (const [method, byStatus] of requestTally)
        for (const [status, count] of byStatus) {
          if (count === 0) continue;
          this.inc({ method, status: String(status) }, count);
          byStatus.set(status, 0);
        }
    },
  });
  const accepted = new Counter({
    name: "blueberry_submissions_accepted_total",
    help: "Submissions stored (and so acknowledged to the visitor), by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: "blueberry_submissions_refused_total",
    help: "Form posts refused, by reason (invalid, cross_origin, too_large, wrong_content_type, rate_limited, store_unavailable).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const mailSent = new Counter({
    name: "blueberry_mail_sent_total",
    help: "Mail messages the transport accepted, by kind.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: "blueberry_mail_delivery_failures_total",
    help: "Failed delivery attempts (the transport refused or could not be reached), by kind. Each is retried.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const pending = new Gauge({
    name: "blueberry_outbox_pending_messages",
    help: "Mail messages waiting in the outbox (all replicas), read from the store at scrape time.",
    registers: [registry],
  });
  const oldestAge = new Gauge({
    name: "blueberry_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest mail message still waiting in the outbox; 0 when none waits.",
    registers: [registry],
  });
  const storeUp = new Gauge({
    name: "blueberry_store_up",
    help: "1 when the store answered this scrape's backlog query, 0 when it did not (the outbox gauges are NaN then).",
    registers: [registry],
  });
  // Zero series from the start, so a rate over them works before the first event.
  for (const kind of ["contact", "application"] as const) accepted.inc({ kind }, 0);

  return {
    registry,
    requestFinished(method, status) {
      const name = KNOWN_METHODS.has(method) ? method : "other";
      let byStatus = requestTally.get(name);
      if (!byStatus) requestTally.set(name, (byStatus = new Map()));
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    },
    formPostAnswered(status) {
      const reason = REFUSAL_REASONS[status];
      if (reason) refused.inc({ reason });
    },
    submissionAccepted(kind) {
      accepted.inc({ kind });
    },
    mailDelivery(outcome, kind) {
      (outcome === "sent" ? mailSent : mailFailed).inc({ kind });
    },
    async refreshFromStore() {
      try {
        const { outbox } = await store.readiness();
        pending.set(outbox.pending);
        const oldest = outbox.oldestPendingAt;
        oldestAge.set(oldest === null ? 0 : Math.max(0, (now().getTime() - oldest.getTime()) / 1000));
        storeUp.set(1);
      } catch {
        // /readyz logs the store's failure; here it is a number the operator can alert on.
        pending.set(Number.NaN);
        oldestAge.set(Number.NaN);
        storeUp.set(0);
      }
    },
  };
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  log: Logger;
}

/**
 * Serves GET /metrics on its own port. Resolves with the server once it listens, or with
 * null when it cannot (port taken): the site keeps serving visitors without its metrics
 * rather than not at all, and the error line says so.
 */
export function startMetricsServer(metrics: SiteMetrics, { port, host, log }: MetricsServerOptions) {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: try /metrics\n");
      return;
    }
    if (req.method !== "GET") {
      res.writeHead(405, { Allow: "GET" }).end();
      return;
    }
    void (async () => {
      try {
        await metrics.refreshFromStore();
        const body = await metrics.registry.metrics();
        res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(body);
      } catch (error) {
        log.error(`Metrics: could not collect: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) res.writeHead(500).end();
      }
    })();
  });
  return new Promise<Server | null>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const why = error.code === "EADDRINUSE" ? "is already in use" : `cannot be used (${error.message})`;
      log.error(
        `Metrics: port ${port} on ${host} ${why}; the site serves without metrics. ` +
          "Set METRICS_PORT to another port, or 0 to turn metrics off.",
      );
      resolve(null);
    });
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      log.info(`Metrics on http://${host.includes(":") ? `[${host}]` : host}:${bound}/metrics`);
      resolve(server);
    });
  });
}
