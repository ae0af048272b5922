/**
 * Child processes for the benchmarks (`bench:web`, `bench:submissions`): the build, our
 * server and nginx, each started on 127.0.0.1 and stopped by its own PID (with the tests'
 * helpers, tests/support/processes.ts), one-line errors, and the clean-up that runs at the
 * end or on Ctrl-C. Nothing here reaches beyond this machine.
 */
import {
  type Child,
  freePort,
  ProcessError,
  ROOT,
  startChild,
  stopChild,
  waitUntilAnswering,
} from "../../tests/support/processes.ts";

export {
  type Child,
  freePort,
  readProcStat,
  startChild,
  stopChild,
  waitUntilAnswering,
} from "../../tests/support/processes.ts";

/** A problem worth one line to the person running the benchmark (no stack trace). */
export class BenchError extends Error {}

/** Runs a command to its end; on failure throws with the last lines it printed. */
export async function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const run = startChild(command, args, { env });
  const code = await new Promise<number | string>((done) => {
    run.child.once("error", (error) => done(error.message));
    run.child.once("exit", (exitCode, signal) => done(exitCode ?? signal ?? "unknown"));
  });
  if (code !== 0) {
    const tail = run.output().trimEnd().split("\n").slice(-40).join("\n");
    throw new BenchError(`${command} ${args.join(" ")} failed (${code}):\n${tail}`);
  }
  return run.output();
}

export interface SiteServerOptions {
  /** Arguments for Node before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** The port to listen on (a restarted replica must come back where a proxy expects it); default a free one. */
  port?: number;
  /** The path that answers once it is ready; default /healthz. */
  readyPath?: string;
  /** How it is named if it does not come up; default "The server". */
  name?: string;
  /** How long it may take to come up. */
  timeoutMs?: number;
}

/**
 * Our server (`node server/index.ts` on the Node running the benchmark) on a loopback port
 * with `env` over a production environment, once it answers; stopped (SIGTERM, requests in
 * flight finish) at clean-up at the latest. Its metrics are on, on a second free port, as
 * in production: counting every request is part of what it costs.
 */
export async function startSiteServer(
  env: NodeJS.ProcessEnv,
  options: SiteServerOptions = {},
): Promise<Child & { base: string }> {
  const port = options.port ?? (await freePort());
  const metricsPort = env.METRICS_PORT ?? String(await freePort());
  const server = startChild(process.execPath, [...(options.nodeArgs ?? []), "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: metricsPort,
      METRICS_HOST: "127.0.0.1",
      ...env,
    },
  });
  onCleanUp(() => stopChild(server.child));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(
    server,
    `${base}${options.readyPath ?? "/healthz"}`,
    options.name ?? "The server",
    options.timeoutMs,
  );
  return { ...server, base };
}

type Step = () => Promise<void> | void;
const firstSteps: Step[] = [];
const cleanups: Step[] = [];
let cleaning: Promise<void> | null = null;

/** Registers a clean-up step; steps run last-registered first, `first` ones before all others. */
export function onCleanUp(step: Step, { first = false } = {}): void {
  (first ? firstSteps : cleanups).push(step);
}

/** Runs every clean-up step once (later calls wait for the same run); a failing step is reported, not fatal. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of [...firstSteps, ...cleanups.reverse()]) {
      try {
        await step();
      } catch (error) {
        console.error("Clean-up step failed:", error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs a benchmark's `main` and exits with its code, after every clean-up step. A
 * BenchError or a process that would not start is told in one line; anything else with
 * its stack.
 */
export async function runBenchmark(main: () => Promise<number>): Promise<never> {
  let code: number;
  try {
    code = await main();
  } catch (error) {
    if (error instanceof BenchError || error instanceof ProcessError) console.error(error.message);
    else console.error("The benchmark failed:", error);
    code = 1;
  } finally {
    await cleanUp();
  }
  process.exit(code);
}

/** On Ctrl-C or SIGTERM: say what is being stopped, clean up, exit 130. */
export function cleanUpOnSignals(message: string): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: ${message}`);
      void cleanUp().then(() => process.exit(130));
    });
  }
}
