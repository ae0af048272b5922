/**
 * Child processes for the benchmarks (`bench:web`, `bench:submissions`): the build, our
 * server and nginx, each started on 127.0.0.1 and stopped by its own PID, and the clean-up
 * that runs at the end or on Ctrl-C. Nothing here reaches beyond this machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A problem worth one line to the person running the benchmark (no stack trace). */
export class BenchError extends Error {}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => done());
  });
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (!address || typeof address === "string") throw new BenchError("could not find a free port on 127.0.0.1");
  return address.port;
}

export interface Child {
  child: ChildProcess;
  /** What it printed (the last 100 KB or so). */
  output: () => string;
}

export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Child {
  const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

/** Waits until `url` answers 200, or throws with what the process printed. */
export async function waitUntilAnswering(proc: Child, url: string, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let spawnError: Error | null = null;
  proc.child.once("error", (error) => {
    spawnError = error;
  });
  while (Date.now() < deadline) {
    if (spawnError) throw new BenchError(`${what} could not start: ${(spawnError as Error).message}`);
    const { exitCode, signalCode } = proc.child;
    if (exitCode !== null || signalCode !== null)
      throw new BenchError(`${what} exited (${exitCode ?? signalCode}) before answering:\n${proc.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new BenchError(`${what} did not answer ${url} within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/** Sends `signal` to the child's PID, then SIGKILL to the same PID after `graceMs`. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 15_000) {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  process.kill(pid, signal);
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, "SIGKILL");
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** Runs a command to its end; on failure throws with the last lines it printed. */
export async function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const run = startChild(command, args, env);
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

/** On Ctrl-C or SIGTERM: say what is being stopped, clean up, exit 130. */
export function cleanUpOnSignals(message: string): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: ${message}`);
      void cleanUp().then(() => process.exit(130));
    });
  }
}
