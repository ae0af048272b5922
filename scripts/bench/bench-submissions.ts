/**
 * `npm run bench:submissions [-- --seconds N] [--concurrency N] [--rate N] [--phase P] [--history N] [--postgres]`:
 * how many form submissions the real server takes, what each costs it in CPU, and proof
 * that every one it acknowledged is in the store.
 *
 * Builds nothing: it needs a build in BUILD_DIR (default build). It starts the real
 * server (server/index.ts) on a free 127.0.0.1 port with a fresh temporary DATA_DIR
 * (SQLite; with --postgres, DATABASE_URL or postgres://postgres@127.0.0.1:5432/test in a
 * throwaway schema), no rate limit to speak of, no minimum fill time and mail to the file
 * outbox. Then, for each phase (contact messages, then job applications with a ~40 KB
 * PDF), C clients post as the browser does with JavaScript (React Router's POST to
 * `<path>.data`, with an Origin header) for N seconds, each over its own kept-alive
 * connection (scripts/bench/http-post.ts). On Linux it also reads the server's CPU time
 * from /proc before and after each phase: milliseconds of CPU per acknowledged
 * submission, for the thread that answers requests and for the whole process (the mail
 * delivery thread, the garbage collector's and libuv's threads too), numbers that a
 * busier or quieter moment of a shared machine moves less than the rate. After each phase
 * it reads how much mail the outbox still owes (the delivery thread yields to visitors'
 * requests, so under load mail falls behind), and after the last it waits for the outbox
 * to catch up, at most two minutes, and prints how long that took: the difference
 * between a burst the site takes and a rate it could keep up for good. Then it counts
 * the stored rows and checks each acknowledged submission is among them; exit 1 if not.
 * It stops the server by its PID and removes what it created. It only ever connects to
 * 127.0.0.1 (a --postgres URL must name a loopback host).
 *
 * The default of 32 clients follows from the rate the store is built for (decision 0021):
 * at 2,500 posts a second and ~10 ms each, about 25 are in flight at once. Eight clients
 * that each wait for their answer cannot offer more than 8 / latency, whatever the server
 * could take. Clients that wait for their answer
 * also slow down when the server does, which hides how long a visitor would have waited:
 * `--rate N` asks instead for a rate the server must sustain (an open loop), starting N
 * posts a second on schedule and timing each from when it was due.
 *
 * A new store is the fastest a store will ever be: its indexes fit in a few pages.
 * `--history N` first stores N contact messages from the last six months, their mail
 * sent, as a site some months old holds them, and measures on top of those.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import {
  APPLY_INTENT,
  CONTACT_INTENT,
  CV_TYPES,
  HONEYPOT_FIELD,
  INTENT_FIELD,
  SENT_BY_SCRIPT_FIELD,
  FILL_MS_FIELD,
} from "../../common/limits.ts";
import type { ContactInput } from "../../common/submissions.ts";
import type { StoreConnection } from "../../server/submissions/store-types.ts";
import { openStore } from "../../server/submissions/store.ts";
import { pdfBytes } from "../../tests/support/pdf.ts";
import { multipart } from "../../tests/support/multipart.ts";
import { shownUrl } from "../../tests/support/postgres.ts";
import { KeepAliveConnection } from "./http-post.ts";
import { cleanUpOnSignals, onCleanUp, readProcStat, runBenchmark, startSiteServer, stopChild } from "./processes.ts";
import { fail, wholeNumber } from "./options.ts";
import { percentile } from "./percentile.ts";
import { throwawayBenchSchema } from "./postgres.ts";

const MAX_SECONDS = 60;
const MAX_CONCURRENCY = 256;
const MAX_RATE = 20_000;
const MAX_HISTORY = 1_000_000;
const CONTACT_SUCCESS = "Email has been sent successfully!";
const APPLY_SUCCESS = "Form has been submitted successfully!";
const JOB_SLUG = "dft-engineer-all-levels";
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";
const REQUEST_TIMEOUT_MS = 30_000;
/** How long the outbox gets to deliver what the load left waiting. */
const MAIL_CATCH_UP_MS = 120_000;

// ── Options ──────────────────────────────────────────────────────────────────────────

let args: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    options: {
      seconds: { type: "string" },
      concurrency: { type: "string" },
      rate: { type: "string" },
      phase: { type: "string", default: "both" },
      history: { type: "string" },
      postgres: { type: "boolean", default: false },
      "cpu-prof": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: false,
  });
}
try {
  args = parseOptions();
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench:submissions -- [--seconds N] [--concurrency N] [--rate N] [--phase P] [--history N] [--postgres] [--cpu-prof DIR]`,
  );
}
if (args.values.help) {
  console.log(
    `Usage: npm run bench:submissions -- [--seconds N] [--concurrency N] [--rate N] [--phase P] [--history N] [--postgres] [--cpu-prof DIR]
  --seconds N       length of each phase (contact, then applications); default 10, at most ${MAX_SECONDS}
  --concurrency N   clients posting at once; default 32 (with --rate: the most connections, default ${MAX_CONCURRENCY})
  --rate N          open loop: start N posts a second on schedule, answered or not, at most ${MAX_RATE};
                    each post's latency counts from when it was due, so falling behind shows in p99
  --phase P         contact, application or both (default)
  --history N       first store N contact messages of the last six months, their mail sent
                    (default 0: an empty store), at most ${MAX_HISTORY}
  --postgres        store in PostgreSQL (DATABASE_URL, else ${DEFAULT_PG_URL}) in a throwaway schema
  --cpu-prof DIR    write the server's CPU profile (.cpuprofile, for Chrome DevTools) into DIR`,
  );
  process.exit(0);
}
const SECONDS = wholeNumber("seconds", args.values.seconds, 10, MAX_SECONDS);
const RATE = args.values.rate === undefined ? null : wholeNumber("rate", args.values.rate, 1, MAX_RATE);
const CONCURRENCY = wholeNumber("concurrency", args.values.concurrency, RATE ? MAX_CONCURRENCY : 32, MAX_CONCURRENCY);
const HISTORY = wholeNumber("history", args.values.history, 0, MAX_HISTORY, 0);
const USE_POSTGRES = args.values.postgres === true;
const PHASES = ["contact", "application", "both"] as const;
const PHASE = PHASES.find((p) => p === args.values.phase);
if (!PHASE) fail(`--phase must be one of ${PHASES.join(", ")}, not "${args.values.phase}"`);
const CPU_PROFILE_DIR = args.values["cpu-prof"] ? resolve(args.values["cpu-prof"]) : null;
const BUILD_DIR = resolve(process.env.BUILD_DIR?.trim() || "build");

if (!existsSync(join(BUILD_DIR, "server", "index.js")) || !existsSync(join(BUILD_DIR, "client"))) {
  fail(`No build in ${BUILD_DIR}: run npm run build first.`);
}

// ── The load ─────────────────────────────────────────────────────────────────────────

interface PhaseResult {
  phase: string;
  requests: number;
  acknowledged: number;
  errors: number;
  /** What went wrong, e.g. "503" or "network", with counts. */
  errorKinds: Map<string, number>;
  seconds: number;
  latencies: number[];
  /** The e-mail address of each acknowledged submission. */
  acknowledgedEmails: string[];
  /** Open loop: posts that fell due but found every connection busy until the phase ended. */
  neverSent: number;
}

/** One post: its body and headers made whole up front, so the client does little per request. */
interface PreparedPost {
  email: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  success: string;
}

type MakeRequest = (n: number) => PreparedPost;

/** Posts it once; null when the answer is the form's success, else what went wrong. */
async function postOnce(connection: KeepAliveConnection, request: PreparedPost): Promise<string | null> {
  try {
    const { status, body } = await connection.post(request.path, request.headers, request.body);
    if (status !== 200) return String(status);
    if (!body.toString().includes(request.success)) return "200 without the success message";
    return null;
  } catch (error) {
    return error instanceof Error && error.name === "TimeoutError" ? "timeout" : "network";
  }
}

function record(result: PhaseResult, request: PreparedPost, latencyMs: number, kind: string | null): void {
  result.latencies.push(latencyMs);
  result.requests++;
  if (kind === null) {
    result.acknowledged++;
    result.acknowledgedEmails.push(request.email);
  } else {
    result.errors++;
    result.errorKinds.set(kind, (result.errorKinds.get(kind) ?? 0) + 1);
  }
}

async function runPhase(phase: string, base: string, make: MakeRequest): Promise<PhaseResult> {
  const result: PhaseResult = {
    phase,
    requests: 0,
    acknowledged: 0,
    errors: 0,
    errorKinds: new Map(),
    seconds: 0,
    latencies: [],
    acknowledgedEmails: [],
    neverSent: 0,
  };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  if (RATE) await openLoop(result, base, make, RATE, started, deadline);
  else await closedLoop(result, base, make, deadline);
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** CONCURRENCY clients, each posting again as soon as it has its answer. */
async function closedLoop(result: PhaseResult, base: string, make: MakeRequest, deadline: number): Promise<void> {
  let next = 0;
  async function client() {
    const connection = new KeepAliveConnection(base, REQUEST_TIMEOUT_MS);
    while (performance.now() < deadline) {
      const request = make(next++);
      const t0 = performance.now();
      const kind = await postOnce(connection, request);
      record(result, request, performance.now() - t0, kind);
    }
    connection.close();
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => client()));
}

/**
 * Posts fall due at `rate` a second from `started`, whether or not earlier ones were
 * answered; each goes out on an idle connection, a new one (up to CONCURRENCY), or waits
 * for one. Its latency counts from when it was due, so time spent waiting for a busy
 * server is counted, not hidden (as a closed loop, which waits before it asks, would).
 */
async function openLoop(
  result: PhaseResult,
  base: string,
  make: MakeRequest,
  rate: number,
  started: number,
  deadline: number,
): Promise<void> {
  const idle: KeepAliveConnection[] = [];
  const all: KeepAliveConnection[] = [];
  const due: { request: PreparedPost; at: number }[] = [];
  let nextDue = 0;
  let made = 0;
  const inFlight = new Set<Promise<void>>();

  function send(connection: KeepAliveConnection, request: PreparedPost, at: number) {
    const sending = postOnce(connection, request).then((kind) => {
      record(result, request, performance.now() - at, kind);
      idle.push(connection);
      inFlight.delete(sending);
      startWaiting();
    });
    inFlight.add(sending);
  }
  function startWaiting() {
    while (nextDue < due.length) {
      let connection = idle.pop();
      if (!connection && all.length < CONCURRENCY) {
        connection = new KeepAliveConnection(base, REQUEST_TIMEOUT_MS);
        all.push(connection);
      }
      if (!connection) return;
      const { request, at } = due[nextDue++] as { request: PreparedPost; at: number };
      send(connection, request, at);
    }
  }

  for (let now = performance.now(); now < deadline; now = performance.now()) {
    const dueNow = Math.floor(((now - started) / 1000) * rate);
    for (; made < dueNow; made++) due.push({ request: make(made), at: started + (made * 1000) / rate });
    startWaiting();
    await sleep(1);
  }
  // What fell due but found no connection is reported, not sent after the phase.
  result.neverSent = due.length - nextDue;
  nextDue = due.length;
  while (inFlight.size > 0) await Promise.all(inFlight);
  for (const connection of all) connection.close();
}

// ── The server's CPU time ────────────────────────────────────────────────────────────

/** CPU seconds so far of the server's request thread (its main thread) and of the whole process. */
interface CpuReading {
  requestThread: number;
  process: number;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Null where there is no /proc (not Linux). */
function readCpu(pid: number): CpuReading | null {
  try {
    return {
      requestThread: readProcStat(`/proc/${pid}/task/${pid}/stat`).cpuTicks / CLOCK_TICKS,
      process: readProcStat(`/proc/${pid}/stat`).cpuTicks / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}

/** A phase, the server CPU it took per acknowledged submission, and the mail left waiting at its end. */
async function measuredPhase(
  pid: number,
  phase: string,
  base: string,
  make: MakeRequest,
  outbox: Pick<StoreConnection, "readiness">,
): Promise<PhaseResult & { cpuMs: CpuReading | null; mailWaiting: number }> {
  const before = readCpu(pid);
  const result = await runPhase(phase, base, make);
  const after = readCpu(pid);
  const mailWaiting = await mailOwed(outbox);
  const perSubmission = (seconds: number) => (seconds * 1000) / Math.max(1, result.acknowledged);
  const cpuMs =
    before && after
      ? {
          requestThread: perSubmission(after.requestThread - before.requestThread),
          process: perSubmission(after.process - before.process),
        }
      : null;
  return { ...result, cpuMs, mailWaiting };
}

/** The outbox's backlog, counted as /readyz and the metrics count it (no rows read). */
async function mailOwed(outbox: Pick<StoreConnection, "readiness">): Promise<number> {
  return (await outbox.readiness()).outbox.pending;
}

/** Seconds until the outbox owes no mail, or null if it still does after `limitMs`. */
async function outboxCatchUp(outbox: Pick<StoreConnection, "readiness">, limitMs: number): Promise<number | null> {
  const started = performance.now();
  while ((await mailOwed(outbox)) > 0) {
    if (performance.now() - started > limitMs) return null;
    await sleep(200);
  }
  return (performance.now() - started) / 1000;
}

const HISTORY_SPAN_MS = 182 * 24 * 60 * 60 * 1000;

/**
 * Stores `count` contact messages made over the last six months, oldest first, 32 at a
 * time as visitors' posts arrive, then marks their mail sent. Returns the seconds it took.
 */
async function storeHistory(options: Parameters<typeof openStore>[0], count: number): Promise<number> {
  const started = performance.now();
  const store = await openStore(options);
  try {
    const end = Date.now() - 60_000;
    let next = 0;
    const writer = async () => {
      while (next < count) {
        const n = next++;
        const at = new Date(end - HISTORY_SPAN_MS + Math.floor((HISTORY_SPAN_MS * n) / count));
        const message: ContactInput = {
          kind: "contact",
          name: `Earlier Visitor ${n}`,
          email: `earlier.visitor.${n}@example.com`,
          phone: "+919845012345",
          message: `An earlier message, number ${n}: a quote for physical design of a 16 nm SoC.`,
        };
        await store.save(message, ["company_notification"], at);
      }
    };
    await Promise.all(Array.from({ length: 32 }, writer));
    // Delivered long ago: the outbox starts the run owing nothing.
    for (;;) {
      const claimed = await store.claimDueMail(new Date(), 1000, 60_000);
      if (claimed.length === 0) break;
      await store.markMailsSent(
        claimed.map((mail) => mail.id),
        new Date(),
      );
    }
  } finally {
    await store.close();
  }
  return (performance.now() - started) / 1000;
}

function contactRequest(base: string, run: string): MakeRequest {
  return (n) => {
    const email = `bench.contact.${run}.${n}@example.com`;
    const body = new URLSearchParams({
      [HONEYPOT_FIELD]: "",
      [FILL_MS_FIELD]: "20000",
      [INTENT_FIELD]: CONTACT_INTENT,
      // As the hydrated page posts: answered with data, not with a redirect.
      [SENT_BY_SCRIPT_FIELD]: "1",
      name: `Bench Visitor ${n}`,
      email,
      phoneCountry: "IN",
      phone: "98450 12345",
      message: `Benchmark message ${n}: we would like a quote for DFT on a 7 nm automotive MCU.`,
    });
    return {
      email,
      path: "/contact.data",
      headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", Origin: base },
      body: Buffer.from(body.toString()),
      success: CONTACT_SUCCESS,
    };
  };
}

function applicationRequest(base: string, run: string, cv: Buffer): MakeRequest {
  return (n) => {
    const email = `bench.apply.${run}.${n}@example.com`;
    // As a browser writes it; the CV's bytes are shared by every post.
    const { body, contentType } = multipart(
      {
        [HONEYPOT_FIELD]: "",
        [FILL_MS_FIELD]: "60000",
        [INTENT_FIELD]: APPLY_INTENT,
        [SENT_BY_SCRIPT_FIELD]: "1",
        job: JOB_SLUG,
        name: `Bench Applicant ${n}`,
        email,
        phoneCountry: "IN",
        phone: "98450 12345",
        comment: `Benchmark application ${n}.`,
        consent: "yes",
      },
      { name: `bench-cv-${n}.pdf`, type: CV_TYPES.pdf.mime, bytes: cv },
    );
    return {
      email,
      path: `/careers/jobs/vlsi/${JOB_SLUG}.data`,
      headers: { "Content-Type": contentType, Origin: base },
      body,
      success: APPLY_SUCCESS,
    };
  };
}

// ── Main ─────────────────────────────────────────────────────────────────────────────

cleanUpOnSignals("stopping the server and removing temporary data.");

async function main(): Promise<number> {
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  console.log(`Machine: ${availableParallelism()} cores (${cpu}); Node ${process.version}`);

  const dataDir = mkdtempSync(join(tmpdir(), "blueberry-bench-"));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));

  const serverEnv: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let storeOptions: Parameters<typeof openStore>[0] = { sqlitePath: join(dataDir, "blueberry.sqlite") };
  let storeLabel = `SQLite (${join(dataDir, "blueberry.sqlite")})`;

  if (USE_POSTGRES) {
    const url = process.env.DATABASE_URL?.trim() || DEFAULT_PG_URL;
    const schema = await throwawayBenchSchema(url, "bench");
    const separator = url.includes("?") ? "&" : "?";
    serverEnv.DATABASE_URL = `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    storeOptions = { databaseUrl: url, pgSchema: schema, sqlitePath: join(dataDir, "unused.sqlite") };
    storeLabel = `PostgreSQL (${shownUrl(url)}, schema ${schema})`;
  }

  console.log(`Store: ${storeLabel}`);
  if (HISTORY > 0) {
    const seconds = await storeHistory(storeOptions, HISTORY);
    console.log(
      `History: ${HISTORY} contact messages of the last six months, their mail sent (stored in ${seconds.toFixed(1)} s)`,
    );
  }
  console.log(
    RATE
      ? `Load: ${RATE} posts a second on schedule (open loop) over at most ${CONCURRENCY} connections, ${SECONDS} s per phase, build ${BUILD_DIR}`
      : `Load: ${CONCURRENCY} concurrent clients, ${SECONDS} s per phase, build ${BUILD_DIR}`,
  );

  const server = await startSiteServer(
    {
      BUILD_DIR,
      RATE_LIMIT_MAX_POSTS: "1000000",
      MIN_FILL_SECONDS: "0",
      // Mail to the file outbox in DATA_DIR, never to a real mail server.
      SMTP_URL: "",
      ...serverEnv,
    },
    { nodeArgs: CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [] },
  );
  console.log(`Server: PID ${server.child.pid} on ${server.base}\n`);

  const run = randomBytes(4).toString("hex");
  const cv = pdfBytes(40 * 1024);
  const pid = server.child.pid ?? -1;
  // The bench's own connection to the server's store, to read what mail is still owed.
  const outbox = await openStore(storeOptions);
  const results = [];
  let catchUpSeconds: number | null;
  try {
    if (PHASE !== "application")
      results.push(await measuredPhase(pid, "contact", server.base, contactRequest(server.base, run), outbox));
    if (PHASE !== "contact")
      results.push(
        await measuredPhase(pid, "application", server.base, applicationRequest(server.base, run, cv), outbox),
      );
    catchUpSeconds = await outboxCatchUp(outbox, MAIL_CATCH_UP_MS);
  } finally {
    await outbox.close();
  }

  // Stop first: requests in flight finish, the store is closed cleanly.
  await stopChild(server.child);
  if (CPU_PROFILE_DIR) console.log(`The server's CPU profile is in ${CPU_PROFILE_DIR}.`);
  const serverErrors = server
    .output()
    .split("\n")
    .filter((line) => /Could not store|Request failed|Error/i.test(line));

  const header = [
    "phase",
    "requests",
    "acknowledged",
    "errors",
    "submissions/s",
    "p50 ms",
    "p99 ms",
    "CPU ms/sub: request thread",
    "process",
    "mail waiting",
  ];
  const rows = results.map((r) => [
    r.phase,
    String(r.requests),
    String(r.acknowledged),
    String(r.errors),
    (r.acknowledged / r.seconds).toFixed(1),
    percentile(r.latencies, 50).toFixed(1),
    percentile(r.latencies, 99).toFixed(1),
    r.cpuMs ? r.cpuMs.requestThread.toFixed(2) : "n/a",
    r.cpuMs ? r.cpuMs.process.toFixed(2) : "n/a",
    String(r.mailWaiting),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    if (r.neverSent > 0)
      console.log(
        `${r.phase}: ${r.neverSent} post(s) fell due but every one of the ${CONCURRENCY} connections was still busy when the phase ended: the server did not keep up with ${RATE} a second`,
      );
    if (r.errorKinds.size > 0) {
      const kinds = [...r.errorKinds].map(([kind, count]) => `${kind} ×${count}`).join(", ");
      console.log(`${r.phase} errors: ${kinds}`);
    }
  }
  console.log(
    catchUpSeconds === null
      ? `\nMail: still owed ${MAIL_CATCH_UP_MS / 1000} s after the load ended: the outbox did not keep up.`
      : `\nMail: the outbox owed nothing ${catchUpSeconds.toFixed(1)} s after the load ended.`,
  );
  if (serverErrors.length > 0) {
    console.log(`\nThe server logged ${serverErrors.length} error line(s), first: ${serverErrors[0]}`);
  }

  const store = await openStore(storeOptions);
  let storedEmails: Set<string>;
  let stored: number;
  const storedByKind: Record<string, number> = {};
  try {
    const all = await store.list();
    stored = all.length;
    storedEmails = new Set(all.map((s) => s.email));
    for (const s of all) storedByKind[s.kind] = (storedByKind[s.kind] ?? 0) + 1;
  } finally {
    await store.close();
  }

  const acknowledged = results.reduce((sum, r) => sum + r.acknowledged, 0);
  const missing = results.flatMap((r) => r.acknowledgedEmails).filter((email) => !storedEmails.has(email));
  console.log(
    `\nStored: ${storedByKind.contact ?? 0} contact messages${HISTORY > 0 ? ` (${HISTORY} of them the history)` : ""}, ${storedByKind.application ?? 0} applications.`,
  );
  if (missing.length === 0 && stored >= acknowledged) {
    console.log(`acknowledged ${acknowledged}, stored ${stored}: every acknowledged submission is in the store`);
    return 0;
  }
  console.log(
    `acknowledged ${acknowledged}, stored ${stored}: ${missing.length} acknowledged submission(s) are NOT in the store, e.g. ${missing.slice(0, 5).join(", ")}`,
  );
  return 1;
}

await runBenchmark(main);
