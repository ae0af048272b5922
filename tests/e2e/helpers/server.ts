/**
 * A second, separate site server for tests that need one configured differently (e.g.
 * on PostgreSQL). Runs the real `server/index.ts` on a free loopback port; stopped by
 * its own PID.
 */
import { freePort, NODE_BIN, ROOT, startChild, stopChild, waitUntilAnswering } from "../../support/processes.ts";

export interface RunningServer {
  baseURL: string;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, timeoutMs = 20_000): Promise<RunningServer> {
  const port = await freePort();
  const server = startChild(NODE_BIN, ["server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      MIN_FILL_SECONDS: "0",
      METRICS_PORT: "0",
      RATE_LIMIT_MAX_POSTS: "100000",
      ...env,
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(server.child, "SIGTERM", 5_000);
  try {
    await waitUntilAnswering(server, `${baseURL}/healthz`, "The second site server", timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, output: server.output, stop };
}
