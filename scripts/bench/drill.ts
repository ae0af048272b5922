/**
 * `npm run drill [-- --submissions N] [--concurrency N]`: a bounded, repeatable fault
 * drill through the multi-replica topology, on this machine only.
 *
 * It starts deploy/nginx.conf on Debian's nginx (as tests/integration/topology.test.ts
 * does) in front of two real site servers on one PostgreSQL (DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, in a throwaway schema),
 * mailing to a local smtp-server. Then N mixed submissions (contact messages, and
 * applications with a PDF CV, 3 to 1) go through nginx as browsers without JavaScript send
 * them, while:
 *   - SMTP is down for the first half, and comes back at the half;
 *   - at 30 % one replica is SIGKILLed, and started again on its port;
 *   - at 70 % PostgreSQL drops every connection of both replicas once.
 * Afterwards it waits for the mail and prints: acknowledged, stored, delivered, duplicates,
 * the longest time a visitor waited, and the time from SMTP's return to the last delivery.
 *
 * Exit 1 only on a loss (an acknowledged submission not stored, a stored submission whose
 * mail never arrived within 3 minutes) or a duplicate outside the documented window (a
 * second copy of a mail with another Message-ID; server/mail/README.md). Never on timing.
 * Needs a server build in BUILD_DIR (default build) and nginx. The figures of a run go in
 * docs/RELIABILITY.md.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { pdfBytes } from "../../tests/support/pdf.ts";
import { findNginx, NGINX_MISSING, startNginxFront } from "../../tests/support/nginx.ts";
import { header, parseMessage } from "../../tests/support/mail-mime.ts";
import { messageIdOf, startSmtpServer, type TestSmtpServer } from "../../tests/support/mail-smtp.ts";
import { fail, wholeNumber } from "./options.ts";
import { throwawayBenchSchema } from "./postgres.ts";
import {
  BenchError,
  type Child,
  cleanUpOnSignals,
  freePort,
  onCleanUp,
  runBenchmark,
  startSiteServer,
} from "./processes.ts";

const USAGE = "Usage: npm run drill -- [--submissions N] [--concurrency N]";
const JOB_PATH = "/careers/jobs/vlsi/design-verification-engineer-all-levels";
const ROOT = join(import.meta.dirname, "../..");
const BUILD = join(ROOT, process.env.BUILD_DIR ?? "build");
/** Past this, mail that has not arrived counts as lost. */
const DELIVERY_LIMIT_MS = 3 * 60_000;
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

const { values: args } = (() => {
  try {
    return parseArgs({
      options: {
        submissions: { type: "string" },
        concurrency: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
})();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const TOTAL = wholeNumber("submissions", args.submissions, 1000, 20_000);
const CONCURRENCY = wholeNumber("concurrency", args.concurrency, 6, 64);

interface Outcome {
  n: number;
  kind: "contact" | "application";
  email: string;
  status: number;
  ms: number;
}

/** A site server on a given port (a restarted replica must come back where nginx expects it). */
async function startReplica(
  port: number,
  env: Record<string, string>,
  onExit: (how: { code: number | null; signal: NodeJS.Signals | null }, output: string) => void,
): Promise<Child> {
  const server = await startSiteServer(
    // The drill reads no metrics.
    { METRICS_PORT: "0", ...env },
    { port, readyPath: "/readyz", name: `The replica on port ${port}`, timeoutMs: 90_000 },
  );
  void server.exited.then((how) => onExit(how, server.output()));
  return server;
}

const CV = new Uint8Array(pdfBytes(40_000, "Blueberry drill CV"));

/** One submission through nginx, as a browser without JavaScript sends it. */
async function submit(base: string, n: number, run: string): Promise<Outcome> {
  const kind = n % 4 === 3 ? "application" : "contact";
  const email = `drill.${run}.${n}@example.com`;
  const common = { website: "", fillMs: "", name: `Drill Visitor ${n}`, email, phoneCountry: "IN" };
  const started = performance.now();
  let status: number;
  try {
    let response: Response;
    if (kind === "contact") {
      const body = new URLSearchParams({
        ...common,
        intent: "contact",
        phone: "98450 12345",
        message: `Drill message ${n}.`,
      });
      response = await fetch(`${base}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
    } else {
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...common, intent: "apply", job: JOB_PATH.split("/").at(-1) }))
        form.set(key, value as string);
      form.set("phone", "98450 54321");
      form.set("comment", `Drill application ${n}.`);
      form.set("consent", "yes");
      form.set("cv", new Blob([CV], { type: "application/pdf" }), `drill-cv-${n}.pdf`);
      response = await fetch(`${base}${JOB_PATH}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base },
        body: form,
      });
    }
    await response.arrayBuffer();
    status = response.status;
  } catch {
    status = 0; // the connection failed: not acknowledged
  }
  return { n, kind, email, status, ms: performance.now() - started };
}

/** The Message-IDs of each mail (submission and kind) received, one per copy. */
function receivedMail(smtp: TestSmtpServer | null): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  for (const mail of smtp?.received ?? []) {
    const parsed = parseMessage(mail.raw);
    const key = `${header(parsed, "x-blueberry-submission-id")} ${header(parsed, "x-blueberry-mail-kind")}`;
    copies.set(key, [...(copies.get(key) ?? []), messageIdOf(mail)]);
  }
  return copies;
}

cleanUpOnSignals("stopping nginx, the replicas and the SMTP server, and dropping the drill's schema.");

async function main(): Promise<number> {
  if (!findNginx()) throw new BenchError(NGINX_MISSING);
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  console.log(`Machine: ${availableParallelism()} cores (${cpu}); Node ${process.version}`);
  console.log(
    `Drill: ${TOTAL} submissions (3 contact messages to 1 application with a 40 KB CV), ${CONCURRENCY} at once`,
  );

  const baseUrl = process.env.DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || DEFAULT_PG_URL;
  const schema = await throwawayBenchSchema(baseUrl, "drill");
  const run = randomBytes(4).toString("hex");
  const appName = `blueberry-drill-${run}`;
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  // Every connection of the replicas carries this name, so the drill drops theirs only.
  url.searchParams.set("application_name", appName);
  const databaseUrl = url.toString().replace(/\+/g, "%20");

  const smtpPort = await freePort();
  // Down (nothing listening on its port) until half the submissions are in.
  const mail: { server: TestSmtpServer | null } = { server: null };
  onCleanUp(async () => {
    await mail.server?.close();
  });
  const ports = [await freePort(), await freePort()];
  const dataDirs = ports.map(() => mkdtempSync(join(tmpdir(), "blueberry-drill-")));
  onCleanUp(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const envFor = (i: number) => ({
    BUILD_DIR: BUILD,
    DATA_DIR: dataDirs[i] as string,
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    TRUST_PROXY: "true",
    RATE_LIMIT_MAX_POSTS: "10000000",
    MIN_FILL_SECONDS: "0",
    LINK_SECRET: "drill-link-secret-shared-by-both-replicas",
  });
  const events: string[] = [];
  const drillStart = performance.now();
  const at = () => `${((performance.now() - drillStart) / 1000).toFixed(1)} s`;
  let stopping = false;
  let planned: Child | undefined;
  const replicas: Child[] = [];
  const start = (i: number) =>
    startReplica(ports[i] as number, envFor(i), (how, output) => {
      if (stopping || replicas[i] === planned) return;
      events.push(`${at()}: replica ${i + 1} EXITED on its own (${how.signal ?? `code ${how.code}`})`);
      console.error(`\nReplica ${i + 1}'s last output:\n${output.slice(-4000)}`);
    });
  for (const i of ports.keys()) replicas.push(await start(i));
  const front = await startNginxFront({
    configFile: join(ROOT, "deploy/nginx.conf"),
    clientDir: join(BUILD, "client"),
    cspMapFile: join(BUILD, "nginx-page-csp.conf"),
    snippetDir: join(ROOT, "deploy/nginx"),
    replicaPorts: ports,
  });
  onCleanUp(() => front.stop());
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  onCleanUp(() => admin.end());

  let smtpBackAt = 0;
  let restart: Promise<void> = Promise.resolve();
  const outcomes: Outcome[] = [];
  let next = 0;
  const visitor = async () => {
    while (next < TOTAL) {
      const n = next++;
      if (n === Math.floor(TOTAL * 0.3)) {
        planned = replicas[1];
        planned?.child.kill("SIGKILL");
        events.push(`${at()}: replica 2 SIGKILLed`);
        restart = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          replicas[1] = await start(1);
          events.push(`${at()}: replica 2 ready again`);
        })();
      }
      if (n === Math.floor(TOTAL * 0.5)) {
        mail.server = await startSmtpServer(smtpPort);
        smtpBackAt = performance.now();
        events.push(`${at()}: SMTP back`);
      }
      if (n === Math.floor(TOTAL * 0.7)) {
        const { rowCount } = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
          [appName],
        );
        events.push(`${at()}: PostgreSQL dropped ${rowCount} connection(s) of the replicas`);
      }
      outcomes.push(await submit(front.base, n, run));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, visitor));
  await restart;
  events.push(`${at()}: all ${TOTAL} submissions sent`);

  // ── What the company has ──────────────────────────────────────────────────────────
  const acknowledged = outcomes.filter((o) => o.status === 303);
  const { rows } = await admin.query<{ id: string; email: string; kind: string }>(
    `SELECT id, email, kind FROM "${schema}".submissions`,
  );
  const storedByEmail = new Map(rows.map((row) => [row.email, row]));
  const lost = acknowledged.filter((o) => !storedByEmail.has(o.email));
  const expectedMail = rows.flatMap((row) =>
    row.kind === "application"
      ? [`${row.id} company_notification`, `${row.id} applicant_confirmation`]
      : [`${row.id} company_notification`],
  );
  const deadline = performance.now() + DELIVERY_LIMIT_MS;
  let lastDeliveryAt = 0;
  const arrivals: { at: number; count: number }[] = [];
  let seen = 0;
  for (;;) {
    const received = mail.server?.received.length ?? 0;
    if (received !== seen) {
      seen = received;
      lastDeliveryAt = performance.now();
      arrivals.push({ at: lastDeliveryAt, count: received });
    }
    const copies = receivedMail(mail.server);
    if (expectedMail.every((key) => copies.has(key)) || performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A moment more, for a late second copy.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  stopping = true;
  const copies = receivedMail(mail.server);
  const undelivered = expectedMail.filter((key) => !copies.has(key));
  const duplicates = [...copies.values()].filter((ids) => ids.length > 1);
  const outsideWindow = duplicates.filter((ids) => new Set(ids).size > 1);

  const longest = Math.max(...outcomes.map((o) => o.ms));
  const refused = outcomes.filter((o) => o.status !== 303);
  console.log("\nEvents:");
  for (const event of events) console.log(`  ${event}`);
  console.log("\nResult:");
  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(44)} ${value}`);
  line("submissions sent", TOTAL);
  line("acknowledged (303)", acknowledged.length);
  line("not acknowledged (visitor saw an error)", `${refused.length} ${describeStatuses(refused)}`);
  line("stored", rows.length);
  line("acknowledged but not stored (lost)", lost.length);
  line("mails expected for the stored submissions", expectedMail.length);
  line("delivered", expectedMail.length - undelivered.length);
  line("never delivered (lost)", undelivered.length);
  line("duplicates (same Message-ID, documented)", duplicates.length - outsideWindow.length);
  line("duplicates outside the documented window", outsideWindow.length);
  line("longest visitor-facing latency", `${Math.round(longest)} ms`);
  line("SMTP's return to the last delivery", `${((lastDeliveryAt - smtpBackAt) / 1000).toFixed(1)} s`);
  const deliveredWithin = (seconds: number) =>
    arrivals.filter((a) => a.at - smtpBackAt <= seconds * 1000).at(-1)?.count ?? 0;
  line(
    "delivered within 2 / 5 / 10 s of SMTP's return",
    [2, 5, 10].map((seconds) => deliveredWithin(seconds)).join(" / ") + ` of ${seen}`,
  );
  const nginxErrors = summariseNginxErrors(front.errorLog());
  if (nginxErrors.length > 0) {
    console.log("\nnginx's error log, grouped (a 502 is a post a replica did not answer):");
    for (const [what, count] of nginxErrors) console.log(`  ${String(count).padStart(5)} × ${what}`);
  }
  const failed = lost.length > 0 || undelivered.length > 0 || outsideWindow.length > 0;
  console.log(failed ? "\nFAILED: see the lines marked lost or outside the window." : "\nOK: nothing lost.");
  return failed ? 1 : 0;
}

/** nginx's error lines grouped by what happened and to which upstream, most frequent first. */
function summariseNginxErrors(log: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const line of log.split("\n")) {
    const match =
      /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*?)?(?:, upstream: "http:\/\/([^/"]+)[^"]*")?(?:, host: .*)?$/.exec(
        line,
      );
    if (!match) continue;
    const [, level, what = "", upstream] = match;
    // One group for every CV nginx buffered, whatever the file.
    const key = `[${level}] ${what.replace(/ \/\S+$/, " <file>")}${upstream ? ` (upstream ${upstream})` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8);
}

function describeStatuses(outcomes: Outcome[]): string {
  if (outcomes.length === 0) return "";
  const counts = new Map<number, number>();
  for (const o of outcomes) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
  return `(${[...counts].map(([status, n]) => `${n} × ${status === 0 ? "connection failed" : status}`).join(", ")})`;
}

await runBenchmark(main);
