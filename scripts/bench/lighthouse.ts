/**
 * Lighthouse for `npm run bench:web`: runs of one page in Debian's Chromium (a fresh
 * browser and profile per run), the median run by performance score, and
 * the facts we print from it: scores, metrics (also each one's median over the runs),
 * brotli bytes and what the audits blame.
 */
import { request } from "node:http";
import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_PATH, chromeLauncherFlags } from "../../tests/support/chromium.ts";
import { BenchError } from "./processes.ts";

export type FormFactor = "mobile" | "desktop";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Longer than Lighthouse's own page-load wait (45 s), so its errors come first. */
const RUN_TIMEOUT_MS = 150_000;

/** The browsers open right now, so an interrupted benchmark can close them. */
export const openBrowsers = new Set<LaunchedChrome>();

export function closeBrowser(chrome: LaunchedChrome): void {
  openBrowsers.delete(chrome);
  try {
    chrome.kill();
  } catch {
    // Already gone.
  }
}

/**
 * One Lighthouse run of `url` in a fresh Chromium; throws on a Lighthouse runtime error.
 * `selfSigned`: the URL's certificate is the benchmark's own (scripts/bench/front.ts).
 */
export async function lighthouseRun(url: string, formFactor: FormFactor, { selfSigned = false } = {}): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: selfSigned ? [...chromeLauncherFlags, "--ignore-certificate-errors"] : chromeLauncherFlags,
    logLevel: "silent",
    handleSIGINT: false,
  });
  openBrowsers.add(chrome);
  let timer: NodeJS.Timeout | undefined;
  try {
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    };
    // Mobile is Lighthouse's default (moto g power, simulated slow 4G, 4× CPU slowdown).
    const run = lighthouse(url, flags, formFactor === "desktop" ? desktopConfig : undefined);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new BenchError(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)),
        RUN_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new BenchError(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new BenchError(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    clearTimeout(timer);
    closeBrowser(chrome);
  }
}

const performanceOf = (run: Result) => run.categories.performance?.score ?? 0;

/**
 * The run with the median performance score (of an even number, the lower of the two
 * middle ones), so each printed row is one real run and its score is the median score.
 * Ties go to Lighthouse's computeMedianRun (the run nearest the median FCP and TTI).
 */
export function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new BenchError("no Lighthouse run to take the median of");
  const tied = runs.filter((run) => performanceOf(run) === performanceOf(middle));
  return tied.length > 1 ? computeMedianRun(tied) : middle;
}

// ── Bytes ────────────────────────────────────────────────────────────────────────────

const bodyBytesCache = new Map<string, number>();

/**
 * The bytes of the body our server sends for `url` when the browser accepts brotli: the
 * brotli copy made at build time. (Lighthouse's transferSize adds ~0.3–1.5 KB of response
 * headers per request, which is not what the budget counts.)
 */
export async function brotliBodyBytes(url: string): Promise<number> {
  const cached = bodyBytesCache.get(url);
  if (cached !== undefined) return cached;
  const parsed = new URL(url);
  if (parsed.hostname !== "127.0.0.1") throw new BenchError(`not measuring a request off this machine: ${url}`);
  const bytes = await new Promise<number>((done, reject) => {
    const req = request(
      parsed,
      { method: "GET", headers: { "Accept-Encoding": "br, gzip", Accept: "*/*" }, timeout: 10_000 },
      (res) => {
        let total = 0;
        res.on("data", (chunk: Buffer) => {
          total += chunk.length;
        });
        res.on("end", () => done(total));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timed out fetching ${url}`)));
    req.on("error", reject);
    req.end();
  });
  bodyBytesCache.set(url, bytes);
  return bytes;
}

// ── What we keep of a page's runs ────────────────────────────────────────────────────

export interface Blame {
  id: string;
  title: string;
  displayValue: string;
  /** Lighthouse's estimated savings per metric (ms, CLS unitless). */
  savings: Record<string, number>;
  /** Up to three URLs or elements the audit names. */
  items: string[];
}

export interface PageResult {
  path: string;
  formFactor: FormFactor;
  /** Performance score of each run, 0–100. */
  perfRuns: number[];
  benchmarkIndexRuns: number[];
  /** From the median run. */
  benchmarkIndex: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** Each metric's own median over the runs (the targets and the floor ratios use these). */
  medians: { fcpMs: number; lcpMs: number; tbtMs: number };
  /** From the median run, like the rest. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Brotli body bytes by kind, each URL once. */
  bytes: { js: number; css: number; html: number };
  /** Script requests: count, bytes on the wire (headers included), URLs. */
  scripts: { count: number; transferBytes: number; paths: string[] };
  lcpElement: string | null;
  /** Performance audits that fail (score < 0.9), most estimated time saved first. */
  blames: Blame[];
  /** Failing audits of the other categories, by category. */
  otherFailures: Record<string, string[]>;
  warnings: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

type Details = { type?: string; items?: unknown[] } | undefined;

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.hostname === "127.0.0.1" ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

/** Up to three things an audit's details name: URLs, element selectors, or labels. */
function namedItems(details: Details): string[] {
  const names: string[] = [];
  const visit = (value: unknown) => {
    if (names.length >= 3 || !value || typeof value !== "object") return;
    const item = value as Record<string, unknown>;
    if (item.type === "checklist" && item.items && typeof item.items === "object") {
      for (const check of Object.values(item.items as Record<string, { label?: string; value?: boolean }>))
        if (check.value === false && check.label && names.length < 3) names.push(`not done: ${check.label}`);
      return;
    }
    if (item.type === "node" && typeof item.snippet === "string") {
      names.push(item.snippet.length > 140 ? `${item.snippet.slice(0, 137)}...` : item.snippet);
      return;
    }
    if (typeof item.url === "string") {
      const extra = typeof item.wastedBytes === "number" ? ` (${(item.wastedBytes / 1024).toFixed(1)} KB unused)` : "";
      const ms = typeof item.wastedMs === "number" ? ` (${Math.round(item.wastedMs)} ms)` : "";
      names.push(`${shortUrl(item.url)}${extra}${ms}`);
      return;
    }
    if (typeof item.groupLabel === "string" && typeof item.duration === "number") {
      names.push(`${item.groupLabel} ${Math.round(item.duration)} ms`);
      return;
    }
    if (Array.isArray(item.items)) for (const child of item.items) visit(child);
  };
  visit(details);
  return names;
}

function lcpElementOf(lhr: Result): string | null {
  for (const id of ["largest-contentful-paint-element", "lcp-breakdown-insight", "lcp-discovery-insight"]) {
    const audit = lhr.audits[id];
    if (!audit?.details) continue;
    let found: string | null = null;
    const visit = (value: unknown) => {
      if (found || !value || typeof value !== "object") return;
      const item = value as Record<string, unknown>;
      if (item.type === "node") {
        found = String(item.snippet ?? item.selector ?? item.nodeLabel ?? "");
        return;
      }
      if (Array.isArray(item.items)) for (const child of item.items) visit(child);
    };
    visit(audit.details);
    if (found) return found;
  }
  return null;
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Lighthouse's estimated time saved on the metrics that make up most of the score. */
export function savingsTotal(savings: Record<string, number>): number {
  return (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0);
}

/**
 * What we print of a page's runs; `lhr` is the median run (see medianRun). Bytes are
 * measured from the URLs of the run, or, given `bytesFrom` (our server's base), from the
 * same paths there: its brotli copies are what the budget counts, whoever served the run.
 */
export async function summarise(
  path: string,
  formFactor: FormFactor,
  runs: Result[],
  lhr: Result,
  { bytesFrom }: { bytesFrom?: string } = {},
): Promise<PageResult> {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const metric = (id: string, run = lhr) => run.audits[id]?.numericValue ?? Number.NaN;
  const medianOf = (id: string) => median(runs.map((run) => metric(id, run)));

  const network = ((lhr.audits["network-requests"]?.details as Details)?.items ?? []) as NetworkItem[];
  const byType = (type: string) => [
    ...new Set(network.filter((r) => r.resourceType === type && r.url.startsWith("http")).map((r) => r.url)),
  ];
  const measured = (url: string) => {
    if (!bytesFrom) return url;
    const { pathname, search } = new URL(url);
    return `${bytesFrom}${pathname}${search}`;
  };
  const sum = async (urls: string[]) =>
    (await Promise.all(urls.map((url) => brotliBodyBytes(measured(url))))).reduce((a, b) => a + b, 0);
  const scriptUrls = byType("Script");
  const scriptTransfer = network
    .filter((r) => r.resourceType === "Script")
    .reduce((total, r) => total + (r.transferSize ?? 0), 0);

  const blames: Blame[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    // Metrics are the symptoms; "hidden" holds TTI and the like, not in the score.
    if (ref.group === "metrics" || ref.group === "hidden") continue;
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") continue;
    blames.push({
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue ?? "",
      savings: Object.fromEntries(
        Object.entries(audit.metricSavings ?? {}).filter(([, v]) => typeof v === "number" && v > 0),
      ) as Record<string, number>,
      items: namedItems(audit.details as Details),
    });
  }
  blames.sort((a, b) => savingsTotal(b.savings) - savingsTotal(a.savings));

  const otherFailures: Record<string, string[]> = {};
  for (const id of CATEGORIES) {
    if (id === "performance") continue;
    const failing = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit?.id}: ${audit?.title}`);
    if (failing.length > 0) otherFailures[id] = failing;
  }

  return {
    path,
    formFactor,
    perfRuns: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
    benchmarkIndexRuns: runs.map((run) => run.environment.benchmarkIndex),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    medians: {
      fcpMs: medianOf("first-contentful-paint"),
      lcpMs: medianOf("largest-contentful-paint"),
      tbtMs: medianOf("total-blocking-time"),
    },
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    siMs: metric("speed-index"),
    bytes: { js: await sum(scriptUrls), css: await sum(byType("Stylesheet")), html: await sum(byType("Document")) },
    scripts: { count: scriptUrls.length, transferBytes: scriptTransfer, paths: scriptUrls.map(shortUrl) },
    lcpElement: lcpElementOf(lhr),
    blames,
    otherFailures,
    warnings: [...new Set(runs.flatMap((run) => run.runWarnings))],
  };
}
