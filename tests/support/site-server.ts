/**
 * The real site server (`node server/index.ts` on the project's Node 24) as a child
 * process, the one way every test starts it (integration and browser tests): a free port
 * on 127.0.0.1, the built site (BUILD_DIR, default `build`, which `npm test` builds
 * first), a fresh DATA_DIR under tests/.tmp, permissive limits unless a test asks
 * otherwise (`baseEnv`). Started once /healthz answers; stopped with SIGTERM to its own
 * PID, waiting for it to exit.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type Child,
  freePort,
  hasExited,
  NODE_BIN,
  ROOT,
  startChild,
  stopChild,
  waitUntilAnswering,
} from "./processes.ts";
import { removeDir, tempDir } from "./temp-dirs.ts";

export { freePort, ROOT } from "./processes.ts";
export { removeDir, TMP_ROOT, tempDir } from "./temp-dirs.ts";
/** The project's own Node 24 (the `node` devDependency), as `npm start` uses. */
export const NODE = NODE_BIN;
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export interface SiteOptions {
  /** Reuse a data folder (a restart); otherwise a fresh one is made and removed on stop. */
  dataDir?: string;
  /** Extra or overriding environment variables (values "" are passed as empty). */
  env?: Record<string, string | undefined>;
  /** Port to listen on; default a free one. */
  port?: number;
  /** The project to run (its server/ and BUILD_DIR); default this checkout. */
  cwd?: string;
  /** `npm run dev`'s server (`--dev`): Vite compiles the app on request, no build needed. */
  dev?: boolean;
}

export interface Site {
  port: number;
  /** The server process's PID (its threads are under /proc/<pid>/task on Linux). */
  pid: number;
  /** http://127.0.0.1:<port> — what a browser sends as Origin for this server. */
  origin: string;
  dataDir: string;
  sqlitePath: string;
  /** Everything the server wrote to stderr / stdout so far. */
  stderr(): string;
  stdout(): string;
  /** SIGTERM, wait for the exit; removes the data folder unless it was given. Returns the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal to the server's own PID and returns at once (SIGKILL: a crash). */
  kill(signal: NodeJS.Signals): void;
}

/** The environment every test server gets, before the test's own settings. */
export function baseEnv(port: number, dataDir: string): Record<string, string> {
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
    // Off unless a test asks: many servers run at once and would all want the default 9464.
    METRICS_PORT: "0",
  };
}

/** Runs the server with exactly this environment and collects its output until it exits. */
export function spawnServer(env: Record<string, string>, cwd = ROOT, args: string[] = []): Child {
  return startChild(NODE, ["server/index.ts", ...args], { cwd, env });
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const cwd = options.cwd ?? ROOT;
  if (!options.dev && !existsSync(join(cwd, BUILD_DIR, "server", "index.js")))
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
    if (options.dev) env.NODE_ENV = "development";
    const proc = spawnServer(env, cwd, options.dev ? ["--dev"] : []);
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitUntilAnswering(proc, `${origin}/healthz`, "the site", 90_000);
    } catch (error) {
      const exitedAtStart = hasExited(proc.child);
      await stopChild(proc.child, "SIGKILL");
      await proc.exited;
      if (exitedAtStart && /already in use/.test(proc.stderr()) && options.port === undefined && attempt < 5) continue;
      if (ownDir) await removeDir(dataDir);
      throw error;
    }
    let stopped: Promise<number | null> | null = null;
    return {
      port,
      pid: proc.child.pid ?? -1,
      origin,
      dataDir,
      sqlitePath: join(dataDir, "blueberry.sqlite"),
      stderr: proc.stderr,
      stdout: proc.stdout,
      kill: (signal) => void proc.child.kill(signal),
      stop() {
        stopped ??= (async () => {
          // The server gives open requests 10 s; past 20 s it is stuck, and is killed.
          await stopChild(proc.child, "SIGTERM", 20_000);
          const { code } = await proc.exited;
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
