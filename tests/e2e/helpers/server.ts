/**
 * A second, separate site server for tests that need one configured differently (e.g.
 * on PostgreSQL). Runs the real `server/index.ts` on a free loopback port; stopped by
 * its own PID.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { NODE_BIN, ROOT } from "./e2e-env.ts";

export interface RunningServer {
  baseURL: string;
  pid: number;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** A loopback port that was free a moment ago. */
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

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

export async function startServer(env: Record<string, string>, timeoutMs = 20_000): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(NODE_BIN, ["server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      MIN_FILL_SECONDS: "0",
      RATE_LIMIT_MAX_POSTS: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${NODE_BIN} server/index.ts`);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(pid, "SIGTERM");
    const timer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, "SIGKILL");
    }, 5_000);
    await exited(child);
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return { baseURL, pid, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
}
