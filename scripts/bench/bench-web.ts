/**
 * `npm run bench:web [-- options]`: the site's web performance against the targets of
 * docs/PERFORMANCE.md, printed as tables. A regression guard: run it when a change could
 * move it.
 *
 * 1. Builds into its own folder (`BUILD_DIR=build-bench npm run build`; skip with
 *    --no-build), so it never touches build/ or a running server's files.
 * 2. Writes the "floor" of each measured page into that build (scripts/bench/floor.ts):
 *    the same prerendered HTML without any script or modulepreload, its stylesheets
 *    inlined, under /__floor/<page>, with its page's policy plus its styles' hashes.
 * 3. Starts our server (server/index.ts) from that folder on a free 127.0.0.1 port with a
 *    temporary DATA_DIR, and checks that it serves the floors with their policies.
 * 4. Lighthouse (its Node API, Debian's Chromium, a fresh browser per run) on twelve pages,
 *    mobile (Lighthouse's default: moto g power, simulated throttling) and desktop (its
 *    desktop preset), three runs each, and mobile on each page's floor, right after the
 *    page's own run so that the machine is in the same state for both. Each row shows the
 *    median performance score, the median of each of FCP, LCP and TBT over the runs, and
 *    the rest from the run with the median score, with Lighthouse's benchmarkIndex of this
 *    machine, since the machines are shared. Bytes are brotli bodies as our server sends
 *    them, each URL once, by resource type; "JS" is every Script request of the run
 *    (modulepreloads included): in the mobile run, where no input happens, the JavaScript
 *    loaded before the first interaction. Page/floor ratios of LCP and FCP: what the
 *    scripts and the separate CSS cost over the HTML and CSS alone.
 * 5. Lighthouse mobile on the same pages through the production path (scripts/bench/front.ts):
 *    deploy/nginx.conf on Debian's nginx with TLS (a throwaway self-signed certificate),
 *    HTTP/2 and the .gz copies, our server standing in for the app replicas; three runs
 *    each; the LCP target is judged here. Skipped with a note when nginx or openssl is
 *    missing, and with --skip-front.
 * 6. Requests per second and latency of a prerendered page (/about) from a freshly
 *    started server of ours (the one Lighthouse used is stopped first) and from the Node
 *    floor (scripts/bench/node-floor.ts), also fresh: Node's own http sending our server's
 *    answer and nothing else, so that node/floor is what our code costs. Debian's nginx
 *    serving the same file from the same folder (one worker) takes its turn too, for
 *    scale. The same load for each: Debian's wrk, 1 thread, 50 connections, 2 s warm-up
 *    then 10 s each, the 10 s cut into 5 rounds that alternate between the servers.
 *    Skipped with a note when wrk is not installed, nginx left out when it is not (the
 *    benchmark installs nothing). Then our server alone under random targets, the same
 *    load with a new query or unknown path on every request (/contact?utm_source=<n>,
 *    /no-such-page-<n>): each must be a file, not a render.
 * 7. Photos: photographs made on the spot go through the build's photo pipeline; for each,
 *    the AVIF and WebP files a 375-px phone (2×) and a 1280-px desktop would take against
 *    the original, and the total saved (scripts/bench/photos.ts). Alone: --photos-only.
 * 8. Stops every process it started by its PID and removes its temporary folders.
 *
 * Targets (marked ✗ when missed): our server ≥ 0.9× the Node floor's requests per second
 * with p99 ≤ 1.2× its p99, both fresh, in the same rounds; mobile median LCP ≤ 1,200 ms
 * through the front (from our server over HTTP/1.1 it is printed, not judged); mobile
 * median TBT ≤ the page's floor's + 20 ms (from our server, the floor's printed beside
 * it). Also guarded: mobile performance 100 (from our server and through the front) and
 * desktop 100 on every page, CLS 0, JavaScript before the first interaction ≤ 120 KB
 * brotli (KB = 1,024 bytes), FCP ≤ 1.2× the page's floor.
 * Exit code 0 when the benchmark ran, whatever the numbers; with --check, 1 when a
 * target is missed. It only ever connects to 127.0.0.1.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Result } from "lighthouse";
import { generateReport } from "lighthouse";
import { CHROMIUM_PATH } from "../../tests/support/chromium.ts";
import { frontMissing, startFront } from "./front.ts";
import { startNodeFloor } from "./node-floor.ts";
import { measurePhotos, type PhotoBenchmark, photoReport } from "./photos.ts";
import { fail, wholeNumber } from "./options.ts";
import { photoCacheDir } from "../build/photos/catalog.ts";
import { checkFloorsServed, FLOOR_PREFIX, type FloorPage, floorPath, pageFile, writeFloorPages } from "./floor.ts";
import {
  closeBrowser,
  type FormFactor,
  lighthouseRun,
  median,
  medianRun,
  openBrowsers,
  type PageResult,
  savingsTotal,
  summarise,
} from "./lighthouse.ts";
import {
  BenchError,
  cleanUpOnSignals,
  onCleanUp,
  runBenchmark,
  runToEnd,
  startSiteServer,
  stopChild,
} from "./processes.ts";
import {
  combineRounds,
  findNginx,
  findWrk,
  type LoadResult,
  loadRound,
  type Nginx,
  nginxVersion,
  type ResponseShape,
  type Round,
  responseShape,
  startNginx,
  stopNginx,
  writeRandomTargetsScript,
  wrkVersion,
} from "./throughput.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** Paths from app/pages.ts (a content collection by one of its pages). */
const PAGES = [
  "/",
  "/about",
  "/casestudies",
  "/casestudies/hevc-decoder-ip-verification",
  "/services/silicon-engineering",
  "/careers/life-blueberry",
  "/careers/jobs",
  "/careers/jobs/vlsi/dft-engineer-all-levels",
  "/careers/testimonials",
  "/careers/press-media",
  "/contact",
  "/privacy",
];
const LOAD_PAGE = "/about";

const TARGET = {
  performance: { mobile: 100, desktop: 100 } satisfies Record<FormFactor, number>,
  /** Mobile median through the front (the production path); from our server it is printed only. */
  lcpMs: 1200,
  /** Mobile median TBT over the page's floor's median, both from our server in the same run. */
  tbtOverFloorMs: 20,
  cls: 0,
  jsBytes: 120 * 1024,
  /** Page over floor, for FCP (LCP's ratio is printed only). */
  floorRatio: 1.2,
  /** Our server over the Node floor, both freshly started, in the same rounds. */
  requestsOverFloor: 0.9,
  p99OverFloor: 1.2,
};
/** Below this Lighthouse calls the host's CPU slower than it expects (core/gather/driver/environment.js). */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

// ── Options ──────────────────────────────────────────────────────────────────────────

const USAGE = `Usage: npm run bench:web -- [options]
  --no-build           use the build already in build-bench/ (default: build it first)
  --runs N             Lighthouse runs per page and form factor; default 3, at most 9
  --pages a,b          only these paths (default: the twelve benchmark pages)
  --form-factors f     mobile, desktop or mobile,desktop (default)
  --no-floor           no floor pages (they need the mobile form factor)
  --connections N      load: concurrent connections; default 50, at most 500
  --threads N          load: wrk threads; default 1 (the other core is the server's), at most 8
  --seconds N          load: measured seconds per server; default 10, at most 60
  --warmup N           load: warm-up seconds per server; default 2, at most 30
  --rounds N           load: the measured seconds cut into N rounds alternating between the
                       servers; default 5 (wrk takes whole seconds: each round is
                       seconds/rounds rounded down)
  --skip-front         no Lighthouse runs through the deploy kit's nginx front (TLS, HTTP/2)
  --skip-lighthouse    only the throughput comparison
  --skip-load          only Lighthouse
  --photos-only        only the Photos section: the bytes the photo pipeline saves
                       (no build, no server, no browser)
  --skip-photos        no Photos section
  --json FILE          also write every number as JSON
  --check              exit 1 when a target is missed
Environment: BENCH_BUILD_DIR (default build-bench), CHROMIUM_PATH (default /usr/bin/chromium),
PHOTO_CACHE_DIR (the photo pipeline's cache; default node_modules/.cache/blueberry-photos).`;

function parseOptions() {
  return parseArgs({
    options: {
      "no-build": { type: "boolean", default: false },
      runs: { type: "string" },
      pages: { type: "string" },
      "form-factors": { type: "string" },
      "no-floor": { type: "boolean", default: false },
      connections: { type: "string" },
      threads: { type: "string" },
      seconds: { type: "string" },
      warmup: { type: "string" },
      rounds: { type: "string" },
      "skip-front": { type: "boolean", default: false },
      "skip-lighthouse": { type: "boolean", default: false },
      "skip-load": { type: "boolean", default: false },
      "photos-only": { type: "boolean", default: false },
      "skip-photos": { type: "boolean", default: false },
      json: { type: "string" },
      check: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: false,
  });
}

let args: ReturnType<typeof parseOptions>;
try {
  args = parseOptions();
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}

const RUNS = wholeNumber("runs", args.values.runs, 3, 9);
const CONNECTIONS = wholeNumber("connections", args.values.connections, 50, 500);
const THREADS = wholeNumber("threads", args.values.threads, 1, 8);
// wrk gives each thread its share of the connections.
if (CONNECTIONS < THREADS) fail(`--connections (${CONNECTIONS}) must be at least --threads (${THREADS}).`);
const SECONDS = wholeNumber("seconds", args.values.seconds, 10, 60);
const WARMUP = wholeNumber("warmup", args.values.warmup, 2, 30, 0);
const ROUNDS = Math.min(SECONDS, wholeNumber("rounds", args.values.rounds, 5, 60));
const BUILD = !args.values["no-build"];
const BUILD_DIR = resolve(ROOT, process.env.BENCH_BUILD_DIR?.trim() || "build-bench");
const pages = args.values.pages
  ? args.values.pages
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
  : PAGES;
for (const page of pages) if (!page.startsWith("/")) fail(`--pages: "${page}" is not a path (it starts with /).`);
const formFactors = (args.values["form-factors"] ?? "mobile,desktop").split(",").map((f) => f.trim());
for (const f of formFactors)
  if (f !== "mobile" && f !== "desktop") fail(`--form-factors: "${f}" is not mobile or desktop.`);
const FORM_FACTORS = formFactors as FormFactor[];
// Floors are measured like the mobile runs they are compared with.
const FLOOR = !args.values["no-floor"] && FORM_FACTORS.includes("mobile") && !args.values["skip-lighthouse"];
// The production path is measured on mobile, where the targets' LCP and TBT lines are.
const FRONT = !args.values["skip-front"] && FORM_FACTORS.includes("mobile") && !args.values["skip-lighthouse"];

// ── Printing ─────────────────────────────────────────────────────────────────────────

const MISS = " ✗";

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => [...(row[i] ?? "")].length)));
  const pad = (cell: string, i: number) => {
    const gap = " ".repeat(Math.max(0, (widths[i] ?? 0) - [...cell].length));
    return i === 0 ? cell + gap : gap + cell;
  };
  const line = (cells: string[]) => cells.map(pad).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? Math.round(value).toString() : "-");
const scoreText = (value: number | null) => (value === null ? "-" : String(value));

const ratio = (value: number, floor: number) => value / floor;
const ratioText = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "-");

/** Our server's runs. LCP is judged through the front and TBT against the floor (their own tables). */
function lighthouseTable(results: PageResult[], formFactor: FormFactor): string {
  const rows = results.map((r) => {
    const perf = r.scores.performance;
    const perfMissed = perf === null || perf < TARGET.performance[formFactor];
    const clsMissed = !(r.cls <= TARGET.cls);
    const jsMissed = r.bytes.js > TARGET.jsBytes;
    return [
      r.path,
      scoreText(perf) + (perfMissed ? MISS : ""),
      r.perfRuns.join("/"),
      scoreText(r.scores.accessibility),
      scoreText(r.scores["best-practices"]),
      scoreText(r.scores.seo),
      ms(r.medians.fcpMs),
      ms(r.medians.lcpMs),
      ms(r.medians.tbtMs),
      r.cls.toFixed(3) + (clsMissed ? MISS : ""),
      kb(r.bytes.js) + (jsMissed ? MISS : ""),
      kb(r.bytes.css),
      kb(r.bytes.html),
      String(Math.round(r.benchmarkIndex)),
    ];
  });
  return table(
    [
      "page",
      "perf",
      "runs",
      "a11y",
      "bp",
      "seo",
      "FCP ms",
      "LCP ms",
      "TBT ms",
      "CLS",
      "JS KB",
      "CSS KB",
      "HTML KB",
      "BI",
    ],
    rows,
  );
}

interface FloorRow {
  path: string;
  floorPath: string;
  fcpMs: number;
  floorFcpMs: number;
  fcpRatio: number;
  lcpMs: number;
  floorLcpMs: number;
  lcpRatio: number;
  tbtMs: number;
  floorTbtMs: number;
  floorPerfRuns: number[];
  floorHtmlBytes: number;
}

/** Each page against its floor, both mobile medians of the same run of the benchmark. */
function floorRows(mobile: PageResult[], floorResults: PageResult[]): FloorRow[] {
  return mobile.flatMap((page) => {
    const floor = floorResults.find((f) => f.path === floorPath(page.path));
    if (!floor) return [];
    return [
      {
        path: page.path,
        floorPath: floor.path,
        fcpMs: page.medians.fcpMs,
        floorFcpMs: floor.medians.fcpMs,
        fcpRatio: ratio(page.medians.fcpMs, floor.medians.fcpMs),
        lcpMs: page.medians.lcpMs,
        floorLcpMs: floor.medians.lcpMs,
        lcpRatio: ratio(page.medians.lcpMs, floor.medians.lcpMs),
        tbtMs: page.medians.tbtMs,
        floorTbtMs: floor.medians.tbtMs,
        floorPerfRuns: floor.perfRuns,
        floorHtmlBytes: floor.bytes.html,
      },
    ];
  });
}

/** The most TBT a page may have: its floor's, in the same run, plus the allowance. */
const tbtLimit = (r: FloorRow) => r.floorTbtMs + TARGET.tbtOverFloorMs;
const tbtMissed = (r: FloorRow) => !(r.tbtMs <= tbtLimit(r));

function floorTable(rows: FloorRow[]): string {
  return table(
    [
      "page",
      "TBT ms",
      "floor TBT",
      "LCP ms",
      "floor LCP",
      "LCP ratio",
      "FCP ms",
      "floor FCP",
      "FCP ratio",
      "floor perf",
      "floor HTML KB",
    ],
    rows.map((r) => [
      r.path,
      ms(r.tbtMs) + (tbtMissed(r) ? MISS : ""),
      ms(r.floorTbtMs),
      ms(r.lcpMs),
      ms(r.floorLcpMs),
      ratioText(r.lcpRatio),
      ms(r.fcpMs),
      ms(r.floorFcpMs),
      ratioText(r.fcpRatio) + (r.fcpRatio <= TARGET.floorRatio ? "" : MISS),
      r.floorPerfRuns.join("/"),
      kb(r.floorHtmlBytes),
    ]),
  );
}

// ── Clean-up ─────────────────────────────────────────────────────────────────────────

// Chromium instances are closed first, then the registered steps (server, nginx, folders).
onCleanUp(
  () => {
    for (const browser of [...openBrowsers]) closeBrowser(browser);
  },
  { first: true },
);
cleanUpOnSignals("stopping Chromium, the server and nginx, removing temporary folders.");

// ── The machine ──────────────────────────────────────────────────────────────────────

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    if (line) return line.split(":").slice(1).join(":").trim();
  } catch {
    // Not Linux.
  }
  return cpus()[0]?.model?.trim() || "unknown CPU";
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    throw new BenchError(`No Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH).`);
  }
}

function packageVersion(name: string): string {
  try {
    const json = JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as {
      version?: string;
    };
    return json.version ?? "unknown";
  } catch {
    return "not installed";
  }
}

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

// ── Main ─────────────────────────────────────────────────────────────────────────────

interface Throughput {
  page: string;
  tool: string;
  threads: number;
  connections: number;
  /** Measured seconds per server: rounds × roundSeconds. */
  seconds: number;
  roundSeconds: number;
  warmupSeconds: number;
  rounds: number;
  node: { result: LoadResult; response: ResponseShape };
  /** Node's `http` sending our server's answer and doing nothing else (scripts/bench/node-floor.ts). */
  nodeFloor: { result: LoadResult; response: ResponseShape } | null;
  nginx: { version: string; brotli: boolean; result: LoadResult; response: ResponseShape } | null;
  /** node/nginx, when nginx ran. */
  ratios: { requestsPerSecond: number; p50: number; p99: number } | null;
  /** node/Node floor (the cost of our code) and Node floor/nginx (Node's own distance), when both ran. */
  floorRatios: {
    nodeOverFloor: { requestsPerSecond: number; p99: number };
    floorOverNginx: { requestsPerSecond: number; p99: number } | null;
  } | null;
  skipped?: string;
}

let retries = 0;
let droppedRuns = 0;

/**
 * Lighthouse sometimes fails a run on a busy machine (NO_NAVSTART, NO_FCP, a protocol
 * timeout): that run is tried again, twice at most, each retry printed. A run that fails
 * three times is left out (printed and counted); a page with no run left stops the benchmark.
 */
async function withRetries<T>(what: string, run: () => Promise<T>, attempts = 3): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts) {
        console.log(`  ${what}: ${message}; failed ${attempts} times, left out`);
        droppedRuns++;
        return null;
      }
      console.log(`  ${what}: ${message}; trying again`);
      retries++;
    }
  }
}

interface LighthouseResults {
  pages: Record<FormFactor, PageResult[]>;
  /** Mobile, one per page. */
  floors: PageResult[];
}

function reportName(formFactor: FormFactor, path: string, front = false): string {
  const floor = path === FLOOR_PREFIX || path.startsWith(`${FLOOR_PREFIX}/`);
  const page = floor ? path.slice(FLOOR_PREFIX.length) || "/" : path;
  return `${formFactor}${front ? "-front" : ""}${floor ? "-floor" : ""}${page === "/" ? "-home" : page.replaceAll("/", "-")}`;
}

/**
 * RUNS Lighthouse runs of each of `paths` on `base`, summarised per path. Run 1 of every
 * path, then run 2 of every path…: a burst of other work on a shared machine then spoils
 * one run of several pages (which the median drops), not one page. `front`: `base` is the
 * nginx front, whose certificate is our own; bytes are measured from our server (`nodeBase`).
 */
async function measurePaths(
  base: string,
  paths: string[],
  formFactor: FormFactor,
  reportDir: string,
  front: { nodeBase: string } | null = null,
): Promise<Map<string, PageResult>> {
  const label = `${formFactor}${front ? " front" : ""}`;
  const runs = new Map<string, Result[]>(paths.map((path) => [path, []]));
  for (let i = 1; i <= RUNS; i++) {
    for (const path of paths) {
      const started = Date.now();
      const lhr = await withRetries(`${label} ${path} run ${i}/${RUNS}`, () =>
        lighthouseRun(`${base}${path}`, formFactor, { selfSigned: front !== null }),
      );
      if (!lhr) continue;
      runs.get(path)?.push(lhr);
      const perf = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN;
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
      const tbt = lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN;
      console.log(
        `  ${label} ${path} run ${i}/${RUNS}: performance ${perf}, FCP ${ms(fcp)} ms, LCP ${ms(lcp)} ms, TBT ${ms(tbt)} ms, benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
  const summaries = new Map<string, PageResult>();
  for (const path of paths) {
    const pageRuns = runs.get(path) ?? [];
    if (pageRuns.length === 0) throw new BenchError(`Lighthouse failed every run of ${label} ${path}.`);
    const middleRun = medianRun(pageRuns);
    summaries.set(path, await summarise(path, formFactor, pageRuns, middleRun, { bytesFrom: front?.nodeBase }));
    writeFileSync(
      join(reportDir, `${reportName(formFactor, path, front !== null)}.html`),
      generateReport(middleRun, "html"),
    );
  }
  return summaries;
}

async function runLighthouse(base: string, reportDir: string): Promise<LighthouseResults> {
  const results: LighthouseResults = { pages: { mobile: [], desktop: [] }, floors: [] };
  for (const formFactor of FORM_FACTORS) {
    const withFloors = FLOOR && formFactor === "mobile";
    console.log(
      formFactor === "mobile"
        ? `\nLighthouse mobile: moto g power emulation, simulated slow 4G and 4× CPU slowdown; ${RUNS} run(s) per page${withFloors ? ", each followed by its floor's" : ""}`
        : `\nLighthouse desktop: its desktop preset (1350×940, simulated 10 Mbit/s, no CPU slowdown); ${RUNS} run(s) per page`,
    );
    // A page's floor right after the page, so that both meet the machine in the same state.
    const paths = pages.flatMap((page) => (withFloors ? [page, floorPath(page)] : [page]));
    for (const [path, summary] of await measurePaths(base, paths, formFactor, reportDir)) {
      if (pages.includes(path)) results.pages[formFactor].push(summary);
      else results.floors.push(summary);
    }
  }
  return results;
}

/** Mobile runs of every page through the deploy kit's front (scripts/bench/front.ts). */
async function runFrontLighthouse(nodeBase: string, tempRoot: string, reportDir: string): Promise<PageResult[]> {
  const front = await startFront({
    root: ROOT,
    buildDir: BUILD_DIR,
    appPort: Number(new URL(nodeBase).port),
    tempRoot,
  });
  onCleanUp(() => front.stop());
  try {
    console.log(
      `\nLighthouse mobile through the front: deploy/nginx.conf on ${frontNginxVersion()} at ${front.base} (TLS with a throwaway certificate, HTTP/2, .gz copies), our server as its app; ${RUNS} run(s) per page`,
    );
    return [...(await measurePaths(front.base, pages, "mobile", reportDir, { nodeBase })).values()];
  } finally {
    await front.stop();
  }
}

function frontNginxVersion(): string {
  const binary = findNginx();
  return binary ? nginxVersion(binary) : "nginx";
}

/** The front's mobile medians beside our server's; the LCP target is judged here. */
function frontTable(front: PageResult[], mobile: PageResult[]): string {
  return table(
    ["page", "perf", "runs", "FCP ms", "LCP ms", "TBT ms", "CLS", "BI", "our server: FCP", "LCP"],
    front.map((r) => {
      const perf = r.scores.performance;
      const direct = mobile.find((m) => m.path === r.path);
      return [
        r.path,
        scoreText(perf) + (perf === null || perf < TARGET.performance.mobile ? MISS : ""),
        r.perfRuns.join("/"),
        ms(r.medians.fcpMs),
        ms(r.medians.lcpMs) + (r.medians.lcpMs <= TARGET.lcpMs ? "" : MISS),
        ms(r.medians.tbtMs),
        r.cls.toFixed(3) + (r.cls <= TARGET.cls ? "" : MISS),
        String(Math.round(r.benchmarkIndex)),
        direct ? ms(direct.medians.fcpMs) : "-",
        direct ? ms(direct.medians.lcpMs) : "-",
      ];
    }),
  );
}

async function runThroughput(wrk: string, tool: string, nodeBase: string, tempRoot: string): Promise<Throughput> {
  // wrk's --duration takes whole seconds.
  const roundSeconds = Math.max(1, Math.floor(SECONDS / ROUNDS));
  const nodeUrl = `${nodeBase}${LOAD_PAGE}`;
  const load = { connections: CONNECTIONS, threads: THREADS };
  const throughput: Throughput = {
    page: LOAD_PAGE,
    tool,
    threads: THREADS,
    connections: CONNECTIONS,
    seconds: roundSeconds * ROUNDS,
    roundSeconds,
    warmupSeconds: WARMUP,
    rounds: ROUNDS,
    node: { result: combineRounds("node (server/index.ts)", []), response: await responseShape(nodeUrl) },
    nodeFloor: null,
    nginx: null,
    ratios: null,
    floorRatios: null,
  };
  const binary = findNginx();
  const nginxDir = mkdtempSync(join(tempRoot, "nginx-"));
  let nginx: Nginx | null = null;
  const nodeFloor = await startNodeFloor(nodeUrl, mkdtempSync(join(tempRoot, "node-floor-")));
  const floorUrl = `${nodeFloor.base}${LOAD_PAGE}`;
  try {
    if (binary) {
      nginx = await startNginx(binary, join(BUILD_DIR, "client"), nginxDir);
      const running = nginx;
      onCleanUp(() => stopNginx(running));
    }
    console.log(
      `\nThroughput: GET ${LOAD_PAGE} with Accept-Encoding: br, gzip; ${tool} (${THREADS} thread(s), ${CONNECTIONS} connections); per server a ${WARMUP} s warm-up, then ${throughput.seconds} s in ${ROUNDS} rounds of ${roundSeconds} s that alternate between the servers`,
    );
    if (roundSeconds * ROUNDS !== SECONDS)
      console.log(`  (wrk takes whole seconds: ${ROUNDS} rounds of ${roundSeconds} s instead of ${SECONDS} s in all)`);
    if (!binary) console.log("  nginx not installed: apt-get install nginx (showing our server's numbers only)");
    else if (nginx && !nginx.brotli)
      console.log(
        "  nginx has no brotli module (apt-get install libnginx-mod-http-brotli-static): it sends the .gz copies",
      );
    console.log(
      `  Node floor: PID ${nodeFloor.child.pid} on ${nodeFloor.base}, sending our server's answer to ${LOAD_PAGE}`,
    );
    const targets: { name: string; url: string; rounds: Round[] }[] = [
      { name: "node", url: nodeUrl, rounds: [] },
      { name: "Node floor", url: floorUrl, rounds: [] },
    ];
    if (nginx) {
      console.log(`  nginx: PID ${nginx.child.pid} on ${nginx.base}, root ${join(BUILD_DIR, "client")}`);
      targets.push({ name: "nginx", url: `${nginx.base}${LOAD_PAGE}`, rounds: [] });
    }
    for (const target of targets) if (WARMUP > 0) await loadRound(wrk, target.url, { ...load, seconds: WARMUP });
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const result = await loadRound(wrk, target.url, { ...load, seconds: roundSeconds });
        target.rounds.push(result);
        console.log(
          `  round ${round}/${ROUNDS} ${target.name}: ${(result.requests / result.seconds).toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
        );
      }
    }
    throughput.node.result = combineRounds("node (server/index.ts)", targets[0]?.rounds ?? []);
    throughput.nodeFloor = {
      result: combineRounds(`Node floor (node:http alone, ${process.version})`, targets[1]?.rounds ?? []),
      response: await responseShape(floorUrl),
    };
    if (nginx && binary) {
      const version = nginxVersion(binary);
      const result = combineRounds(version, targets[2]?.rounds ?? []);
      throughput.nginx = {
        version,
        brotli: nginx.brotli,
        result,
        response: await responseShape(`${nginx.base}${LOAD_PAGE}`),
      };
      const node = throughput.node.result;
      throughput.ratios = {
        requestsPerSecond: node.requestsPerSecond / result.requestsPerSecond,
        p50: node.p50Ms / result.p50Ms,
        p99: node.p99Ms / result.p99Ms,
      };
    } else {
      throughput.skipped = "nginx not installed";
    }
    const node = throughput.node.result;
    const floor = throughput.nodeFloor.result;
    const nginxResult = throughput.nginx?.result;
    throughput.floorRatios = {
      nodeOverFloor: {
        requestsPerSecond: node.requestsPerSecond / floor.requestsPerSecond,
        p99: node.p99Ms / floor.p99Ms,
      },
      floorOverNginx: nginxResult
        ? {
            requestsPerSecond: floor.requestsPerSecond / nginxResult.requestsPerSecond,
            p99: floor.p99Ms / nginxResult.p99Ms,
          }
        : null,
    };
  } finally {
    if (nginx) await stopNginx(nginx);
    await stopChild(nodeFloor.child);
  }
  return throughput;
}

/**
 * Our server under a different query or unknown path on every request (a regression
 * guard: each is a file, never a render; docs/decisions/0033). Its own rounds after the
 * throughput comparison, with the same load; the unknown paths' 404s are wrk's non-2xx.
 */
async function runRandomTargets(wrk: string, nodeBase: string, tempRoot: string): Promise<LoadResult> {
  const roundSeconds = Math.max(1, Math.floor(SECONDS / ROUNDS));
  const load = { connections: CONNECTIONS, threads: THREADS, script: writeRandomTargetsScript(tempRoot) };
  console.log(
    `\nRandom targets: /contact?utm_source=<n> and /no-such-page-<n> in turn, a new <n> each request; ${ROUNDS} rounds of ${roundSeconds} s after a ${WARMUP} s warm-up`,
  );
  if (WARMUP > 0) await loadRound(wrk, nodeBase, { ...load, seconds: WARMUP });
  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const result = await loadRound(wrk, nodeBase, { ...load, seconds: roundSeconds });
    rounds.push(result);
    console.log(
      `  round ${round}/${ROUNDS}: ${(result.requests / result.seconds).toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
    );
  }
  return combineRounds("node, random targets", rounds);
}

function printRandomTargets(result: LoadResult): void {
  console.log(
    `\nRandom queries and unknown paths (our server): ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms; ${result.non2xx} non-2xx (the 404s) of ${result.requests}, ${result.errors} socket errors, ${result.timeouts} timeouts`,
  );
}

function printThroughput(t: Throughput): void {
  const rows: string[][] = [];
  const row = (name: string, r: LoadResult, response: ResponseShape) => [
    name,
    `${response.status} ${response.encoding}`,
    String(response.bodyBytes),
    String(response.headerBytes),
    r.requestsPerSecond.toFixed(0),
    r.roundsPerSecond.length > 0
      ? `${Math.min(...r.roundsPerSecond).toFixed(0)}–${Math.max(...r.roundsPerSecond).toFixed(0)}`
      : "-",
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    String(r.requests),
    String(r.errors + r.timeouts + r.non2xx),
  ];
  rows.push(row(t.node.result.name, t.node.result, t.node.response));
  if (t.nodeFloor) rows.push(row(t.nodeFloor.result.name, t.nodeFloor.result, t.nodeFloor.response));
  if (t.nginx)
    rows.push(
      row(
        `${t.nginx.result.name} (${t.nginx.brotli ? "brotli_static" : "gzip_static only"})`,
        t.nginx.result,
        t.nginx.response,
      ),
    );
  console.log(
    `\n${table(["server", "answer", "body B", "headers B", "req/s", "rounds req/s", "p50 ms", "p99 ms", "requests", "errors"], rows)}`,
  );
  if (t.floorRatios) {
    const { nodeOverFloor, floorOverNginx } = t.floorRatios;
    console.log(
      `node/Node floor: ${ratioText(nodeOverFloor.requestsPerSecond)} the requests per second${requestsMissed(nodeOverFloor) ? MISS : ""} (target ≥ ${TARGET.requestsOverFloor}×); p99 ${ratioText(nodeOverFloor.p99)}${p99Missed(nodeOverFloor) ? MISS : ""} (target ≤ ${TARGET.p99OverFloor}×): what our own code costs`,
    );
    if (floorOverNginx)
      console.log(
        `Node floor/nginx: ${ratioText(floorOverNginx.requestsPerSecond)} the requests per second, p99 ${ratioText(floorOverNginx.p99)} (the most any handler on Node's http could reach against nginx on this machine)`,
      );
  }
  if (t.ratios) {
    const { requestsPerSecond, p50, p99 } = t.ratios;
    console.log(
      `node/nginx: ${ratioText(requestsPerSecond)} the requests per second, p99 ${ratioText(p99)}, p50 ${ratioText(p50)} (for scale, not a target: in production nginx serves these files)`,
    );
  } else if (t.skipped) {
    console.log(`node/nginx: not compared (${t.skipped})`);
  }
  console.log(
    `req/s: all rounds' requests over their seconds; p50/p99: the median round's (wrk's --latency, µs resolution). Every server: one process (nginx: one worker); the Node floor sends our server's recorded answer with one writeHead and nothing else; ${t.tool}: ${t.threads} thread(s) in a process of its own.`,
  );
}

/** Our server against the Node floor: the throughput target. */
const requestsMissed = (r: { requestsPerSecond: number }) => !(r.requestsPerSecond >= TARGET.requestsOverFloor);
const p99Missed = (r: { p99: number }) => !(r.p99 <= TARGET.p99OverFloor);

interface Verdict {
  met: boolean;
  lines: string[];
}

function verdicts(
  results: LighthouseResults,
  floors: FloorRow[],
  front: PageResult[],
  throughput: Throughput | null,
): Verdict {
  const lines: string[] = [];
  let met = true;
  const judge = (target: string, missed: string[], metText: string, of: number) => {
    if (missed.length > 0) met = false;
    lines.push(
      missed.length === 0
        ? `${target}: met (${metText})`
        : `${target}: MISSED${of > 1 ? ` on ${missed.length} of ${of}` : ""}: ${missed.join(", ")}`,
    );
  };
  for (const formFactor of FORM_FACTORS) {
    const rows = results.pages[formFactor];
    if (rows.length === 0) continue;
    const target = TARGET.performance[formFactor];
    judge(
      `${formFactor} performance ${target} on every page`,
      rows.filter((r) => (r.scores.performance ?? 0) < target).map((r) => `${r.path} ${r.scores.performance}`),
      `lowest ${Math.min(...rows.map((r) => r.scores.performance ?? 0))}`,
      rows.length,
    );
  }
  const mobile = results.pages.mobile;
  if (mobile.length > 0) {
    const most = (pick: (r: PageResult) => number) => mobile.reduce((a, b) => (pick(b) > pick(a) ? b : a));
    const slowest = most((r) => r.medians.lcpMs);
    // Reported, not judged: LCP is judged through the front, the way visitors get the pages.
    lines.push(
      `(not a target: mobile median LCP from our server over HTTP/1.1, most ${slowest.path} ${ms(slowest.medians.lcpMs)} ms)`,
    );
    const heaviest = most((r) => r.bytes.js);
    judge(
      `JavaScript before the first interaction ≤ ${TARGET.jsBytes / 1024} KB brotli`,
      mobile.filter((r) => r.bytes.js > TARGET.jsBytes).map((r) => `${r.path} ${kb(r.bytes.js)} KB`),
      `most ${heaviest.path} ${kb(heaviest.bytes.js)} KB in ${heaviest.scripts.count} files`,
      mobile.length,
    );
  }
  if (front.length > 0) {
    judge(
      `through the front: mobile performance ${TARGET.performance.mobile} on every page`,
      front
        .filter((r) => (r.scores.performance ?? 0) < TARGET.performance.mobile)
        .map((r) => `${r.path} ${r.scores.performance}`),
      `lowest ${Math.min(...front.map((r) => r.scores.performance ?? 0))}`,
      front.length,
    );
    const slowest = front.reduce((a, b) => (b.medians.lcpMs > a.medians.lcpMs ? b : a));
    judge(
      `through the front: mobile median LCP ≤ ${TARGET.lcpMs} ms`,
      front.filter((r) => !(r.medians.lcpMs <= TARGET.lcpMs)).map((r) => `${r.path} ${ms(r.medians.lcpMs)} ms`),
      `most ${slowest.path} ${ms(slowest.medians.lcpMs)} ms`,
      front.length,
    );
  } else if (mobile.length > 0) {
    lines.push("mobile median LCP: not judged (the front was not measured)");
  }
  if (floors.length > 0) {
    const most = floors.reduce((a, b) => (b.tbtMs - b.floorTbtMs > a.tbtMs - a.floorTbtMs ? b : a));
    const against = (r: FloorRow) => `${r.path} ${ms(r.tbtMs)} ms (floor ${ms(r.floorTbtMs)} ms)`;
    judge(
      `mobile median TBT ≤ the page's floor's + ${TARGET.tbtOverFloorMs} ms`,
      floors.filter(tbtMissed).map(against),
      `most over its floor: ${against(most)}`,
      floors.length,
    );
  } else if (mobile.length > 0) {
    lines.push("mobile median TBT: not judged (no floors were measured)");
  }
  const all = [...results.pages.mobile, ...results.pages.desktop, ...front];
  if (all.length > 0)
    judge(
      `CLS 0 (${FORM_FACTORS.join(" and ")})`,
      all
        .filter((r) => !(r.cls <= TARGET.cls))
        .map((r) => `${r.formFactor}${front.includes(r) ? " front" : ""} ${r.path} ${r.cls.toFixed(4)}`),
      "0 everywhere",
      all.length,
    );
  if (floors.length > 0) {
    const worst = floors.reduce((a, b) => (b.fcpRatio > a.fcpRatio ? b : a));
    judge(
      `FCP ≤ ${TARGET.floorRatio}× the page's floor`,
      floors.filter((r) => !(r.fcpRatio <= TARGET.floorRatio)).map((r) => `${r.path} ${ratioText(r.fcpRatio)}`),
      `most ${worst.path} ${ratioText(worst.fcpRatio)}`,
      floors.length,
    );
  }
  const floorRatios = throughput?.floorRatios;
  if (floorRatios) {
    const { nodeOverFloor } = floorRatios;
    judge(
      `node/Node floor requests per second ≥ ${TARGET.requestsOverFloor}× (both fresh, same rounds)`,
      requestsMissed(nodeOverFloor) ? [ratioText(nodeOverFloor.requestsPerSecond)] : [],
      ratioText(nodeOverFloor.requestsPerSecond),
      1,
    );
    judge(
      `node/Node floor p99 latency ≤ ${TARGET.p99OverFloor}×`,
      p99Missed(nodeOverFloor) ? [ratioText(nodeOverFloor.p99)] : [],
      ratioText(nodeOverFloor.p99),
      1,
    );
  }
  // Not a target: in production nginx serves the prerendered files.
  if (throughput?.ratios)
    lines.push(
      `(for scale, not a target: node/nginx ${ratioText(throughput.ratios.requestsPerSecond)} the requests per second, p99 ${ratioText(throughput.ratios.p99)}${floorRatios?.floorOverNginx ? `; Node's http alone ${ratioText(floorRatios.floorOverNginx.requestsPerSecond)}, p99 ${ratioText(floorRatios.floorOverNginx.p99)}` : ""})`,
    );
  else if (throughput?.skipped) lines.push(`(nginx not compared: ${throughput.skipped})`);
  return { met, lines };
}

function printBlame(
  mobile: PageResult[],
): { id: string; title: string; pages: number; savings: Record<string, number> }[] {
  console.log("\nWhat Lighthouse blames (mobile, median run of each page; performance audits scoring < 0.9):");
  for (const r of mobile) {
    console.log(
      `${r.path}  performance ${scoreText(r.scores.performance)}; in this run FCP ${ms(r.fcpMs)} ms, LCP ${ms(r.lcpMs)} ms, TBT ${ms(r.tbtMs)} ms`,
    );
    console.log(`    LCP element: ${r.lcpElement ?? "(none reported)"}`);
    const quiet = r.blames.filter((b) => Object.keys(b.savings).length === 0 && b.items.length === 0);
    for (const b of r.blames) {
      if (quiet.includes(b)) continue;
      const savings = Object.entries(b.savings)
        .map(([metric, value]) => `${metric} ${metric === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`}`)
        .join(", ");
      console.log(
        `    ${b.title}${b.displayValue ? ` — ${b.displayValue}` : ""}${savings ? ` [saves ${savings}]` : ""}${b.items.length ? `: ${b.items.join("; ")}` : ""}`,
      );
    }
    if (quiet.length > 0) console.log(`    also flagged (no estimate): ${quiet.map((b) => b.title).join(", ")}`);
  }
  const byAudit = new Map<string, { id: string; title: string; pages: number; savings: Record<string, number> }>();
  for (const r of mobile) {
    for (const b of r.blames) {
      const entry = byAudit.get(b.id) ?? { id: b.id, title: b.title, pages: 0, savings: {} };
      entry.pages++;
      for (const [metric, value] of Object.entries(b.savings))
        entry.savings[metric] = (entry.savings[metric] ?? 0) + value;
      byAudit.set(b.id, entry);
    }
  }
  const ranked = [...byAudit.values()].sort(
    (a, b) => savingsTotal(b.savings) - savingsTotal(a.savings) || b.pages - a.pages,
  );
  if (ranked.length > 0) {
    console.log("\nTop improvements for mobile (Lighthouse's estimated savings, summed over the pages it names):");
    ranked.slice(0, 6).forEach((entry, i) => {
      const savings = Object.entries(entry.savings)
        .map(([metric, value]) => `${metric} ${metric === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`}`)
        .join(", ");
      console.log(`  ${i + 1}. ${entry.title} (${entry.id}): ${entry.pages} page(s)${savings ? `, ${savings}` : ""}`);
    });
  }
  return ranked;
}

/** Photographs through the photo pipeline in a temporary folder, with the project's cache. */
async function runPhotos(): Promise<PhotoBenchmark> {
  const workDir = mkdtempSync(join(tmpdir(), "blueberry-bench-photos-"));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  console.log("\nPhotos: making photographs and putting them through the build's photo pipeline…");
  return measurePhotos(workDir, photoCacheDir(ROOT));
}

function writeJson(value: unknown): void {
  if (!args.values.json) return;
  const file = resolve(args.values.json);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  console.log(`\nJSON: ${file}`);
}

/** `--photos-only`: the Photos section and nothing else. */
async function photosOnly(): Promise<number> {
  const started = new Date();
  console.log(`Blueberry web benchmark (photos only), ${started.toISOString()}; Node ${process.version}`);
  const photos = await runPhotos();
  console.log("");
  for (const line of photoReport(photos, table)) console.log(line);
  writeJson({ started: started.toISOString(), photos });
  return 0;
}

/** The machine and the tools the numbers were measured with, printed at the start and the end. */
interface Machine {
  cores: number;
  memoryGiB: number;
  cpu: string;
  node: string;
  chromium: string;
  lighthouse: string;
  wrk: string;
  loadAverageAtStart: string;
}

const WRK_MISSING = "wrk not installed: apt-get install wrk";

/** The machine and the tools (no Chromium stops the benchmark here, before anything is printed). */
function describeMachine(wrk: string | null): Machine {
  return {
    cores: availableParallelism(),
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    cpu: cpuModel(),
    node: process.version,
    chromium: args.values["skip-lighthouse"] ? "Chromium not used" : chromiumVersion(),
    lighthouse: packageVersion("lighthouse"),
    wrk: wrk ? wrkVersion(wrk) : args.values["skip-load"] ? "wrk not used" : "wrk not installed",
    loadAverageAtStart: loads(),
  };
}

/** The benchmark's first lines; a missing wrk is said at once, so nobody waits through Lighthouse to learn it. */
function printStart(started: Date, machine: Machine, wrk: string | null): void {
  console.log(`Blueberry web benchmark, ${started.toISOString()}`);
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB; Node ${machine.node}; ${machine.chromium}; Lighthouse ${machine.lighthouse}; ${machine.wrk}; load average ${machine.loadAverageAtStart}`,
  );
  if (!args.values["skip-load"] && !wrk) console.log(`${WRK_MISSING} (the throughput comparison is skipped)`);
}

/** Builds into BUILD_DIR (unless --no-build), then checks that every measured page is in it. */
async function prepareBuild(): Promise<void> {
  if (BUILD) {
    console.log(`Building into ${BUILD_DIR} (BUILD_DIR=${BUILD_DIR} npm run build)…`);
    const t0 = Date.now();
    const output = await runToEnd("npm", ["run", "build"], { ...process.env, BUILD_DIR });
    const postbuild = output.split("\n").find((line) => line.startsWith("postbuild:"));
    console.log(`  built in ${((Date.now() - t0) / 1000).toFixed(0)} s${postbuild ? `; ${postbuild}` : ""}`);
  } else {
    console.log(`Build: the one already in ${BUILD_DIR} (--no-build)`);
  }
  if (!existsSync(join(BUILD_DIR, "server", "index.js")) || !existsSync(join(BUILD_DIR, "client")))
    throw new BenchError(`No build in ${BUILD_DIR}: run without --no-build, or BUILD_DIR=${BUILD_DIR} npm run build.`);
  for (const page of [...pages, LOAD_PAGE]) {
    const file = pageFile(join(BUILD_DIR, "client"), page);
    if (!existsSync(file)) throw new BenchError(`${page} is not prerendered in ${BUILD_DIR} (no ${file}).`);
  }
}

/** Each page's floor written into the build; before the server starts, which reads the files and policies once. */
function prepareFloors(): FloorPage[] {
  if (!FLOOR) return [];
  const floorPages = writeFloorPages(BUILD_DIR, pages);
  const inlined = [...new Set(floorPages.flatMap((f) => f.inlined))];
  console.log(
    `Floors: ${floorPages.length} page(s) under ${FLOOR_PREFIX}/ without scripts, ${inlined.length} stylesheet(s) inlined (${inlined.join(", ")}), each with its style hashes in its policy`,
  );
  return floorPages;
}

type SiteServer = Awaited<ReturnType<typeof startSiteServer>>;

/** Our server on the build with a temporary DATA_DIR, its floors checked and every page fetched once. */
async function startMeasuredServer(
  tempRoot: string,
  floorPages: FloorPage[],
): Promise<{ server: SiteServer; serverEnv: Record<string, string> }> {
  const dataDir = join(tempRoot, "data");
  mkdirSync(dataDir);
  const serverEnv = {
    BUILD_DIR,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // Nothing is posted, but mail would go to the file outbox in DATA_DIR, never to a server.
    SMTP_URL: "",
  };
  const server = await startSiteServer(serverEnv);
  const { base } = server;
  console.log(`Server: PID ${server.child.pid} on ${base} (build ${BUILD_DIR}, DATA_DIR ${dataDir})`);
  if (floorPages.length > 0) await checkFloorsServed(base, floorPages);
  // Every page once before measuring, so nothing is measured cold.
  for (const path of [...pages, ...floorPages.map((f) => f.path)]) await (await fetch(`${base}${path}`)).arrayBuffer();
  return { server, serverEnv };
}

interface LighthouseParts {
  results: LighthouseResults;
  front: PageResult[];
  /** Why the front was not measured, when it was asked for and could not be. */
  frontSkipped: string | null;
  reportDir: string;
}

/** Lighthouse from our server (pages and floors), then through the front. */
async function measureLighthouse(base: string, tempRoot: string): Promise<LighthouseParts> {
  let results: LighthouseResults = { pages: { mobile: [], desktop: [] }, floors: [] };
  const reportDir = join(BUILD_DIR, "lighthouse");
  if (!args.values["skip-lighthouse"]) {
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
    results = await runLighthouse(base, reportDir);
  }
  let front: PageResult[] = [];
  const frontSkipped = FRONT ? frontMissing() : null;
  if (FRONT && frontSkipped) console.log(`\nThe front is not measured: ${frontSkipped}`);
  else if (FRONT) front = await runFrontLighthouse(base, tempRoot, reportDir);
  return { results, front, frontSkipped, reportDir };
}

/**
 * The throughput comparison and the random targets, when wrk is installed. They compare
 * freshly started servers, ours and the Node floor: a server Lighthouse has used is replaced
 * by a new one on the same build and DATA_DIR (added to `servers`, stopped by the caller).
 */
async function measureLoad(
  wrk: string,
  machine: Machine,
  servers: SiteServer[],
  serverEnv: Record<string, string>,
  lighthouseUsedIt: boolean,
  tempRoot: string,
): Promise<{ throughput: Throughput; randomTargets: LoadResult }> {
  let site = servers[0] as SiteServer;
  if (lighthouseUsedIt) {
    await stopChild(site.child);
    site = await startSiteServer(serverEnv);
    servers.push(site);
    console.log(`\nServer for the throughput part, freshly started: PID ${site.child.pid} on ${site.base}`);
  }
  const throughput = await runThroughput(wrk, machine.wrk, site.base, tempRoot);
  const randomTargets = await runRandomTargets(wrk, site.base, tempRoot);
  return { throughput, randomTargets };
}

/** Everything measured, for the report and the JSON. */
interface Measured {
  started: Date;
  machine: Machine;
  busyAtStart: boolean;
  wrk: string | null;
  floorPages: FloorPage[];
  lighthouse: LighthouseParts;
  floors: FloorRow[];
  throughput: Throughput | null;
  randomTargets: LoadResult | null;
  photos: PhotoBenchmark | null;
  serverErrors: string[];
}

/** The report's head: the command, the machine, and how to read the Lighthouse tables. */
function printReportHead(m: Measured): { median: number; min: number; max: number } | null {
  const { machine } = m;
  console.log(`\n${"=".repeat(100)}`);
  console.log(
    `Blueberry web benchmark, ${m.started.toISOString()}; command: npm run bench:web${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  );
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB; Node ${machine.node}; ${machine.chromium}; Lighthouse ${machine.lighthouse}; ${machine.wrk}; load average at start ${machine.loadAverageAtStart}, at end ${loads()}`,
  );
  const { results, front } = m.lighthouse;
  const allRuns = [...results.pages.mobile, ...results.pages.desktop, ...results.floors, ...front];
  if (allRuns.length === 0) return null;
  const indexes = allRuns.flatMap((r) => r.benchmarkIndexRuns);
  const benchmarkIndex = { median: median(indexes), min: Math.min(...indexes), max: Math.max(...indexes) };
  console.log(
    `Lighthouse benchmarkIndex: median ${Math.round(benchmarkIndex.median)} (${Math.round(benchmarkIndex.min)}–${Math.round(benchmarkIndex.max)}) over ${indexes.length} runs${benchmarkIndex.median < SLOW_HOST_BENCHMARK_INDEX ? `; below ${SLOW_HOST_BENCHMARK_INDEX}, Lighthouse calls this CPU slower than it expects, which lowers mobile scores` : ""}`,
  );
  console.log(
    `Of ${RUNS} run(s) a page: "perf" is the median score and "runs" every run's; FCP, LCP and TBT are each that metric's median over the runs (the targets hold these); the other columns come from the run with the median score (ties: Lighthouse's computeMedianRun), BI being its benchmarkIndex.`,
  );
  console.log(
    "Bytes: brotli bodies as our server sends them, each URL once (KB = 1,024 bytes); JS = every Script request, modulepreloads included.",
  );
  if (m.busyAtStart || (loadavg()[0] ?? 0) > availableParallelism())
    console.log(
      `This machine was busy with other work (load average above its ${availableParallelism()} cores): other processes take CPU from Chromium, so mobile TBT runs high and scores low; compare runs by benchmarkIndex, or run again when it is quiet.`,
    );
  if (retries > 0) console.log(`Lighthouse failed ${retries} run(s) and ran them again (printed above).`);
  if (droppedRuns > 0) console.log(`${droppedRuns} run(s) failed three times and are left out of their medians.`);
  console.log(`Marked ✗: misses a target. HTML reports of the median runs: ${m.lighthouse.reportDir}/`);
  return benchmarkIndex;
}

/** The Lighthouse tables: each form factor, the floors, the front, and the JavaScript before interaction. */
function printLighthouseTables({ lighthouse: { results, front, frontSkipped }, floors }: Measured): void {
  for (const formFactor of FORM_FACTORS) {
    if (results.pages[formFactor].length === 0) continue;
    console.log(`\nLighthouse ${formFactor}:`);
    console.log(lighthouseTable(results.pages[formFactor], formFactor));
  }
  if (floors.length > 0) {
    console.log(
      `\nEach page against its floor (mobile; the same HTML without scripts, CSS inlined, at ${FLOOR_PREFIX}/<page>): medians over ${RUNS} run(s) each; targets: TBT ≤ the floor's + ${TARGET.tbtOverFloorMs} ms, FCP ratio (page/floor) ≤ ${TARGET.floorRatio}×; the LCP ratio is printed, not judged`,
    );
    console.log(floorTable(floors));
  }
  if (front.length > 0) {
    console.log(
      `\nLighthouse mobile through the deploy kit's front (deploy/nginx.conf: TLS, HTTP/2, .gz copies; medians over ${RUNS} run(s)), with our server's medians from above:`,
    );
    console.log(frontTable(front, results.pages.mobile));
  } else if (frontSkipped) {
    console.log(`\nThe front was not measured: ${frontSkipped}`);
  }
  if (results.pages.mobile.length > 0) {
    console.log("\nJavaScript before the first interaction (mobile run, no input):");
    console.log(
      table(
        ["page", "scripts", "brotli KB", "on the wire KB", "target"],
        results.pages.mobile.map((r) => [
          r.path,
          String(r.scripts.count),
          kb(r.bytes.js),
          kb(r.scripts.transferBytes),
          r.bytes.js <= TARGET.jsBytes ? "met" : `MISSED by ${kb(r.bytes.js - TARGET.jsBytes)} KB`,
        ]),
      ),
    );
    console.log("\"On the wire\" is Lighthouse's transferSize: the same bodies plus each response's headers.");
  }
}

/** Lighthouse's failing audits outside performance and its warnings, over every run. */
function printLighthouseProblems({ lighthouse: { results, front } }: Measured): void {
  const allRuns = [...results.pages.mobile, ...results.pages.desktop, ...results.floors, ...front];
  // On a floor, a console error most likely means a style its policy blocked.
  const other = allRuns.filter((r) => Object.keys(r.otherFailures).length > 0);
  if (other.length > 0) {
    console.log("\nFailing audits outside performance:");
    for (const r of other)
      for (const [category, failing] of Object.entries(r.otherFailures))
        console.log(
          `  ${r.formFactor}${front.includes(r) ? " front" : ""} ${r.path} ${category}: ${failing.join("; ")}`,
        );
  }
  const warnings = [...new Set(allRuns.flatMap((r) => r.warnings))];
  if (warnings.length > 0) console.log(`\nLighthouse warnings: ${warnings.join(" | ")}`);
}

/** The whole report after the measuring, the targets last; with --json, every number in a file. */
function report(m: Measured): Verdict {
  const benchmarkIndex = printReportHead(m);
  printLighthouseTables(m);
  printLighthouseProblems(m);
  const { results, front, frontSkipped } = m.lighthouse;
  let ranked: ReturnType<typeof printBlame> = [];
  if (results.pages.mobile.length > 0) ranked = printBlame(results.pages.mobile);

  if (m.throughput) printThroughput(m.throughput);
  if (m.randomTargets) printRandomTargets(m.randomTargets);
  else if (!args.values["skip-load"]) console.log(`\n${WRK_MISSING} (the throughput comparison was skipped)`);
  if (m.serverErrors.length > 0)
    console.log(`\nThe server logged ${m.serverErrors.length} error line(s), first: ${m.serverErrors[0]}`);
  if (m.photos) {
    console.log("");
    for (const line of photoReport(m.photos, table)) console.log(line);
  }

  const verdict = verdicts(results, m.floors, front, m.throughput);
  if (verdict.lines.length > 0) {
    console.log("\nTargets (docs/PERFORMANCE.md):");
    for (const line of verdict.lines) console.log(`  ${line}`);
  }
  writeJson({
    started: m.started.toISOString(),
    machine: m.machine,
    benchmarkIndex,
    runs: RUNS,
    retries,
    droppedRuns,
    results: results.pages,
    floorPages: m.floorPages,
    floorResults: results.floors,
    floors: m.floors,
    front,
    frontSkipped: frontSkipped ?? undefined,
    throughput: m.throughput,
    randomTargets: m.randomTargets,
    throughputSkipped: !args.values["skip-load"] && !m.wrk ? WRK_MISSING : undefined,
    photos: m.photos,
    ranked,
    targets: verdict,
  });
  return verdict;
}

async function main(): Promise<number> {
  if (args.values["photos-only"]) return photosOnly();
  const started = new Date();
  const wrk = args.values["skip-load"] ? null : findWrk();
  const machine = describeMachine(wrk);
  const busyAtStart = (loadavg()[0] ?? 0) > availableParallelism();
  printStart(started, machine, wrk);
  await prepareBuild();
  const floorPages = prepareFloors();

  const tempRoot = mkdtempSync(join(tmpdir(), "blueberry-bench-web-"));
  onCleanUp(() => rmSync(tempRoot, { recursive: true, force: true }));
  const { server, serverEnv } = await startMeasuredServer(tempRoot, floorPages);
  const servers = [server];
  const lighthouse = await measureLighthouse(server.base, tempRoot);
  const { results, front } = lighthouse;
  const floors = floorRows(results.pages.mobile, results.floors);
  const lighthouseUsedIt = [...results.pages.mobile, ...results.pages.desktop, ...front].length > 0;
  const load = wrk ? await measureLoad(wrk, machine, servers, serverEnv, lighthouseUsedIt, tempRoot) : null;

  for (const running of servers) await stopChild(running.child);
  // After the server stops: encoding takes both cores, which Lighthouse and wrk need alone.
  const photos = args.values["skip-photos"] ? null : await runPhotos();
  const serverErrors = servers
    .flatMap((running) => running.output().split("\n"))
    .filter((line) => /Request failed|Error/i.test(line));

  const verdict = report({
    started,
    machine,
    busyAtStart,
    wrk,
    floorPages,
    lighthouse,
    floors,
    throughput: load?.throughput ?? null,
    randomTargets: load?.randomTargets ?? null,
    photos,
    serverErrors,
  });
  return args.values.check && !verdict.met ? 1 : 0;
}

await runBenchmark(main);
