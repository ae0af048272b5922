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

/** What happened when, each line stamped with the seconds since the drill began. */
class Timeline {
  readonly events: string[] = [];
  readonly #start = performance.now();
  at(): string {
    return `${((performance.now() - this.#start) / 1000).toFixed(1)} s`;
  }
  add(what: string): void {
    this.events.push(`${this.at()}: ${what}`);
  }
}

/** The running topology: nginx in front of two replicas, and the SMTP server once it is up. */
interface Topology {
  replicas: Child[];
  /** Starts replica `i` on its port (again, after it was killed). */
  start: (i: number) => Promise<Child>;
  front: Awaited<ReturnType<typeof startNginxFront>>;
  smtpPort: number;
  /** Down (nothing listening on its port) until half the submissions are in. */
  mail: { server: TestSmtpServer | null };
  timeline: Timeline;
  /** Exits that are not news: the replica killed on purpose, and every one once the drill is over. */
  expected: { planned: Child | undefined; stopping: boolean };
}

/** The drill's throwaway schema, and the replicas' URL with it and an application name of their own. */
async function drillDatabase(baseUrl: string, run: string) {
  const schema = await throwawayBenchSchema(baseUrl, "drill");
  const appName = `blueberry-drill-${run}`;
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  // Every connection of the replicas carries this name, so the drill drops theirs only.
  url.searchParams.set("application_name", appName);
  return { schema, appName, databaseUrl: url.toString().replace(/\+/g, "%20") };
}

/** Two replicas on the database, each with its own DATA_DIR, behind deploy/nginx.conf; SMTP still down. */
async function startTopology(databaseUrl: string): Promise<Topology> {
  const smtpPort = await freePort();
  const mail: Topology["mail"] = { server: null };
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
  const timeline = new Timeline();
  const expected: Topology["expected"] = { planned: undefined, stopping: false };
  const replicas: Child[] = [];
  const start = (i: number) =>
    startReplica(ports[i] as number, envFor(i), (how, output) => {
      if (expected.stopping || replicas[i] === expected.planned) return;
      timeline.add(`replica ${i + 1} EXITED on its own (${how.signal ?? `code ${how.code}`})`);
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
  return { replicas, start, front, smtpPort, mail, timeline, expected };
}

/**
 * TOTAL submissions from CONCURRENCY visitors through nginx, with the faults on the way:
 * replica 2 killed at 30 % (and started again), SMTP back at 50 %, the replicas' database
 * connections dropped at 70 %. Returns each outcome and when SMTP came back.
 */
async function sendWithFaults(
  topology: Topology,
  admin: pg.Client,
  appName: string,
  run: string,
): Promise<{ outcomes: Outcome[]; smtpBackAt: number }> {
  const { replicas, timeline } = topology;
  let smtpBackAt = 0;
  let restart: Promise<void> = Promise.resolve();
  const outcomes: Outcome[] = [];
  let next = 0;
  const visitor = async () => {
    while (next < TOTAL) {
      const n = next++;
      if (n === Math.floor(TOTAL * 0.3)) {
        topology.expected.planned = replicas[1];
        topology.expected.planned?.child.kill("SIGKILL");
        timeline.add("replica 2 SIGKILLed");
        restart = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          replicas[1] = await topology.start(1);
          timeline.add("replica 2 ready again");
        })();
      }
      if (n === Math.floor(TOTAL * 0.5)) {
        topology.mail.server = await startSmtpServer(topology.smtpPort);
        smtpBackAt = performance.now();
        timeline.add("SMTP back");
      }
      if (n === Math.floor(TOTAL * 0.7)) {
        const { rowCount } = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
          [appName],
        );
        timeline.add(`PostgreSQL dropped ${rowCount} connection(s) of the replicas`);
      }
      outcomes.push(await submit(topology.front.base, n, run));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, visitor));
  await restart;
  timeline.add(`all ${TOTAL} submissions sent`);
  return { outcomes, smtpBackAt };
}

/** When the mail arrived: the count received at each change, and the last change. */
interface Arrivals {
  lastDeliveryAt: number;
  counts: { at: number; count: number }[];
  seen: number;
}

/**
 * Watches the SMTP server until every mail in `expectedMail` has arrived or
 * DELIVERY_LIMIT_MS has passed, then 3 s more for a late second copy.
 */
async function waitForMail(mail: Topology["mail"], expectedMail: string[]): Promise<Arrivals> {
  const deadline = performance.now() + DELIVERY_LIMIT_MS;
  const arrivals: Arrivals = { lastDeliveryAt: 0, counts: [], seen: 0 };
  for (;;) {
    const received = mail.server?.received.length ?? 0;
    if (received !== arrivals.seen) {
      arrivals.seen = received;
      arrivals.lastDeliveryAt = performance.now();
      arrivals.counts.push({ at: arrivals.lastDeliveryAt, count: received });
    }
    const copies = receivedMail(mail.server);
    if (expectedMail.every((key) => copies.has(key)) || performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A moment more, for a late second copy.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return arrivals;
}

/** The mails each stored submission is owed, as receivedMail keys them. */
function mailOwed(rows: { id: string; kind: string }[]): string[] {
  return rows.flatMap((row) =>
    row.kind === "application"
      ? [`${row.id} company_notification`, `${row.id} applicant_confirmation`]
      : [`${row.id} company_notification`],
  );
}

/** What the company has, against what the visitors were told: printed; true when anything was lost. */
function reportResult(
  topology: Topology,
  sent: { outcomes: Outcome[]; smtpBackAt: number },
  rows: { email: string }[],
  expectedMail: string[],
  arrivals: Arrivals,
): boolean {
  const { outcomes, smtpBackAt } = sent;
  const acknowledged = outcomes.filter((o) => o.status === 303);
  const storedEmails = new Set(rows.map((row) => row.email));
  const lost = acknowledged.filter((o) => !storedEmails.has(o.email));
  const copies = receivedMail(topology.mail.server);
  const undelivered = expectedMail.filter((key) => !copies.has(key));
  const duplicates = [...copies.values()].filter((ids) => ids.length > 1);
  const outsideWindow = duplicates.filter((ids) => new Set(ids).size > 1);

  const longest = Math.max(...outcomes.map((o) => o.ms));
  const refused = outcomes.filter((o) => o.status !== 303);
  console.log("\nEvents:");
  for (const event of topology.timeline.events) console.log(`  ${event}`);
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
  line("SMTP's return to the last delivery", `${((arrivals.lastDeliveryAt - smtpBackAt) / 1000).toFixed(1)} s`);
  const deliveredWithin = (seconds: number) =>
    arrivals.counts.filter((a) => a.at - smtpBackAt <= seconds * 1000).at(-1)?.count ?? 0;
  line(
    "delivered within 2 / 5 / 10 s of SMTP's return",
    [2, 5, 10].map((seconds) => deliveredWithin(seconds)).join(" / ") + ` of ${arrivals.seen}`,
  );
  const nginxErrors = summariseNginxErrors(topology.front.errorLog());
  if (nginxErrors.length > 0) {
    console.log("\nnginx's error log, grouped (a 502 is a post a replica did not answer):");
    for (const [what, count] of nginxErrors) console.log(`  ${String(count).padStart(5)} × ${what}`);
  }
  return lost.length > 0 || undelivered.length > 0 || outsideWindow.length > 0;
}

async function main(): Promise<number> {
  if (!findNginx()) throw new BenchError(NGINX_MISSING);
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  console.log(`Machine: ${availableParallelism()} cores (${cpu}); Node ${process.version}`);
  console.log(
    `Drill: ${TOTAL} submissions (3 contact messages to 1 application with a 40 KB CV), ${CONCURRENCY} at once`,
  );

  const baseUrl = process.env.DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || DEFAULT_PG_URL;
  const run = randomBytes(4).toString("hex");
  const { schema, appName, databaseUrl } = await drillDatabase(baseUrl, run);
  const topology = await startTopology(databaseUrl);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  onCleanUp(() => admin.end());

  const sent = await sendWithFaults(topology, admin, appName, run);
  const { rows } = await admin.query<{ id: string; email: string; kind: string }>(
    `SELECT id, email, kind FROM "${schema}".submissions`,
  );
  const expectedMail = mailOwed(rows);
  const arrivals = await waitForMail(topology.mail, expectedMail);
  topology.expected.stopping = true;
  const failed = reportResult(topology, sent, rows, expectedMail, arrivals);
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
