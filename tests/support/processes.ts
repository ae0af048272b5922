/**
 * Child processes for tests and benchmarks: a free loopback port, a child whose output is
 * kept for failure messages, waiting until it answers HTTP, and stopping it by its own
 * PID. Used by the e2e and integration server helpers, nginx as a test peer and the
 * benchmarks (scripts/bench/processes.ts), so they start and stop things the same way.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The project's own Node 24 (the `node` devDependency, as `npm start` uses), else the one running us. */
export const NODE_BIN = existsSync(join(ROOT, "node_modules/.bin/node"))
  ? join(ROOT, "node_modules/.bin/node")
  : process.execPath;

/** A child process that would not start or answer; the message holds what it printed. */
export class ProcessError extends Error {}

/**
 * A loopback port that was free a moment ago: any (0), or `wanted`, checked free, so that
 * whatever holds a fixed port is named rather than answering in our server's place.
 */
export async function freePort(wanted = 0): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new ProcessError(`port ${wanted} on 127.0.0.1 is in use`) : error),
    );
    probe.listen(wanted, "127.0.0.1", () => resolve());
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new ProcessError("could not find a free port on 127.0.0.1");
  return address.port;
}

// Listens on the port given as its argument (0: any), prints the port it got, exits 3 if taken.
// Written as plain text: console.log would colour the number under FORCE_COLOR (npm test).
const PORT_PROBE = `const server = require("node:net").createServer();
server.once("error", (e) => process.exit(e.code === "EADDRINUSE" ? 3 : 1));
server.listen(Number(process.argv[1]), "127.0.0.1", () => { process.stdout.write(String(server.address().port)); server.close(); });`;

/**
 * The port named by the environment variable `variable`, checked free when `checkFree`, or
 * else any free one, written back to `variable` so that processes started from here (a
 * Playwright config is evaluated again in each worker) agree on it. Synchronous, for
 * config files.
 */
export function portFromEnv(variable: string, { checkFree = true } = {}): number {
  const given = process.env[variable];
  if (given) {
    const port = Number(given);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new Error(`${variable}=${given} is not a port number`);
    if (!checkFree) return port;
  }
  const probe = spawnSync(process.execPath, ["-e", PORT_PROBE, given ?? "0"], { encoding: "utf8" });
  if (probe.status === 3)
    throw new Error(`Port ${given} (${variable}) on 127.0.0.1 is in use: free it, or set ${variable} to another port.`);
  const port = Number(probe.stdout.trim());
  if (probe.status !== 0 || !Number.isInteger(port) || port < 1)
    throw new Error(`could not find a free port on 127.0.0.1 for ${variable}: ${probe.stderr}`);
  process.env[variable] = String(port);
  return port;
}

export interface Child {
  child: ChildProcess;
  /** What it printed to stdout and stderr, interleaved (the last 100 KB or so). */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

// Children still running when this process ends (a crash, a test timeout) die with it.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts `command` with its output kept in memory (never inherited) and killed if we exit first. */
export function startChild(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Child {
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const kept = { output: "", stdout: "", stderr: "" };
  const keep = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    const text = chunk.toString();
    for (const key of ["output", stream] as const) {
      kept[key] += text;
      if (kept[key].length > 200_000) kept[key] = kept[key].slice(-100_000);
    }
  };
  child.stdout?.on("data", keep("stdout"));
  child.stderr?.on("data", keep("stderr"));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      running.delete(child);
      resolve({ code, signal });
    };
    child.once("exit", done);
    // A command that cannot be spawned emits "error" and never "exit".
    child.once("error", () => done(null, null));
  });
  return { child, exited, output: () => kept.output, stdout: () => kept.stdout, stderr: () => kept.stderr };
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Waits until `url` answers 200. Throws a ProcessError naming `what` with what the process
 * printed if it exits first (check `hasExited` to tell that from a timeout) or takes longer
 * than `timeoutMs`.
 */
export async function waitUntilAnswering(proc: Child, url: string, what: string, timeoutMs = 30_000): Promise<void> {
  let spawnError: Error | null = null;
  proc.child.once("error", (error) => {
    spawnError = error;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnError) throw new ProcessError(`${what} could not start: ${(spawnError as Error).message}`);
    if (hasExited(proc.child))
      throw new ProcessError(
        `${what} exited (${proc.child.exitCode ?? proc.child.signalCode}) before answering:\n${proc.output()}`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new ProcessError(`${what} did not answer ${url} within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/** Sends `signal` to the child's own PID, then SIGKILL to the same PID after `graceMs`; waits for the exit. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 15_000) {
  const pid = child.pid;
  if (pid === undefined || hasExited(child)) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  process.kill(pid, signal);
  const timer = setTimeout(() => {
    if (!hasExited(child)) process.kill(pid, "SIGKILL");
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** A program on PATH, or in one of `extraDirs` (where Debian puts it, which a non-root PATH may lack). */
export function findOnPath(name: string, extraDirs: string[] = []): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(delimiter), ...extraDirs]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * A Linux process's or thread's `/proc/…/stat`, read: its name, the CPU it has used (user
 * plus system, in clock ticks) and its nice value. The name sits in parentheses and may
 * hold spaces, so the fixed fields are counted from the last ")". Throws where there is no
 * such file (not Linux, or the thread has ended).
 */
export function readProcStat(file: string): { name: string; cpuTicks: number; nice: number } {
  const stat = readFileSync(file, "utf8");
  const close = stat.lastIndexOf(")");
  // From field 3 (state) on: utime is field 14, stime 15, nice 19.
  const fields = stat.slice(close + 2).split(" ");
  return {
    name: stat.slice(stat.indexOf("(") + 1, close),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
    nice: Number(fields[16]),
  };
}
