/**
 * The real site server (`node server/index.ts` on the project's Node 24) as a child
 * process, for the integration tests: a free port on 127.0.0.1, the built site
 * (BUILD_DIR, default `build`, which `npm test` builds first), a fresh DATA_DIR under
 * tests/.tmp, permissive limits unless a test asks otherwise. Started once /healthz
 * answers; stopped with SIGTERM to its own PID, waiting for it to exit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const TMP_ROOT = join(ROOT, "tests", ".tmp");
/** The project's own Node 24 (the `node` devDependency), as `npm start` uses. */
export const NODE = join(ROOT, "node_modules", ".bin", "node");
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** A fresh folder under tests/.tmp. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = join(TMP_ROOT, `${prefix}-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => resolve());
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

// Children still running when the test process ends (a crash, a timeout) die with it.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface SiteOptions {
  /** Reuse a data folder (a restart); otherwise a fresh one is made and removed on stop. */
  dataDir?: string;
  /** Extra or overriding environment variables (values "" are passed as empty). */
  env?: Record<string, string | undefined>;
  /** Port to listen on; default a free one. */
  port?: number;
}

export interface Site {
  port: number;
  /** http://127.0.0.1:<port> — what a browser sends as Origin for this server. */
  origin: string;
  dataDir: string;
  sqlitePath: string;
  /** Everything the server wrote to stderr / stdout so far. */
  stderr(): string;
  stdout(): string;
  /** SIGTERM, wait for the exit; removes the data folder unless it was given. Returns the exit code. */
  stop(): Promise<number | null>;
}

/** The environment every test server gets, before the test's own settings. */
function baseEnv(port: number, dataDir: string): Record<string, string> {
  // Only what a server needs from the parent; none of the parent's site settings leak in.
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  const inherited = Object.fromEntries(
    keep.flatMap((k) => (process.env[k] !== undefined ? [[k, process.env[k] as string]] : [])),
  );
  return {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR,
    DATA_DIR: dataDir,
    MIN_FILL_SECONDS: "0",
    RATE_LIMIT_MAX_POSTS: "100000",
    OUTBOX_POLL_SECONDS: "1",
    TRUST_PROXY: "false",
  };
}

/** Runs the server with exactly this environment and collects its output until it exits. */
export function spawnServer(env: Record<string, string>) {
  const child = spawn(NODE, ["server/index.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function waitForHealth(origin: string, exited: Promise<unknown>, timeoutMs: number): Promise<"up" | "exited"> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) return "exited";
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.text();
      if (res.status === 200) return "up";
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the site did not answer /healthz within ${timeoutMs} ms`);
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  if (!existsSync(join(ROOT, BUILD_DIR, "server", "index.js")))
    throw new Error(`No built site in ${BUILD_DIR}/: run \`npm run build\` (or set BUILD_DIR) first.`);
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await tempDir("itest-site"));
  // A port found free can be taken before the server binds it; try again then.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const env: Record<string, string> = { ...baseEnv(port, dataDir) };
    for (const [k, v] of Object.entries(options.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const proc = spawnServer(env);
    const origin = `http://127.0.0.1:${port}`;
    let state: "up" | "exited";
    try {
      state = await waitForHealth(origin, proc.exited, 90_000);
    } catch (error) {
      proc.child.kill("SIGKILL");
      await proc.exited;
      if (ownDir) await removeDir(dataDir);
      throw new Error(`${(error as Error).message}\nstderr:\n${proc.stderr()}`, { cause: error });
    }
    if (state === "exited") {
      await proc.exited;
      if (/already in use/.test(proc.stderr()) && options.port === undefined && attempt < 5) continue;
      if (ownDir) await removeDir(dataDir);
      throw new Error(`the site exited at start:\n${proc.stderr()}`);
    }
    let stopped: Promise<number | null> | null = null;
    return {
      port,
      origin,
      dataDir,
      sqlitePath: join(dataDir, "blueberry.sqlite"),
      stderr: proc.stderr,
      stdout: proc.stdout,
      stop() {
        stopped ??= (async () => {
          if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill("SIGTERM");
          // The server gives open requests 10 s; past 20 s it is stuck, and is killed.
          const stuck = setTimeout(() => proc.child.kill("SIGKILL"), 20_000);
          const { code } = await proc.exited;
          clearTimeout(stuck);
          if (ownDir) await removeDir(dataDir);
          return code;
        })();
        return stopped;
      },
    };
  }
}

/** Starts several sites at once; if any fails, stops the others before throwing. */
export async function startSites(list: SiteOptions[]): Promise<Site[]> {
  const results = await Promise.allSettled(list.map((options) => startSite(options)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await Promise.all(results.map((r) => (r.status === "fulfilled" ? r.value.stop() : null)));
    throw failed.reason;
  }
  return results.map((r) => (r as PromiseFulfilledResult<Site>).value);
}
