/**
 * The Node floor for `npm run bench:web`'s throughput part: what Node's own `http` module
 * does a second when it sends exactly what our server sends for the load's page (the same
 * status, headers and brotli body) and does nothing else (scripts/bench/node-floor-server.ts,
 * in a process of its own like our server). Our server against it is the cost of our own
 * code; it against nginx is how far Node itself is from nginx on this machine.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BenchError, type Child, freePort, onCleanUp, startChild, stopChild, waitUntilAnswering } from "./processes.ts";
import { getAsTheLoadDoes } from "./throughput.ts";

/** Headers Node's `http` writes by itself on every answer, so not recorded. */
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** What the floor sends: our server's answer, less what Node writes by itself. */
export interface RecordedAnswer {
  status: number;
  headers: string[];
  bodyBase64: string;
}

async function recordAnswer(url: string): Promise<RecordedAnswer> {
  const { status, rawHeaders, body } = await getAsTheLoadDoes(url);
  const headers: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? "";
    if (!WRITTEN_BY_NODE.has(name.toLowerCase())) headers.push(name, rawHeaders[i + 1] ?? "");
  }
  return { status, headers, bodyBase64: body.toString("base64") };
}

export interface NodeFloor extends Child {
  base: string;
}

/**
 * Records our server's answer at `url` and starts the floor sending it, on a free
 * 127.0.0.1 port, with the Node running the benchmark (our server's Node); stopped at
 * clean-up at the latest.
 */
export async function startNodeFloor(url: string, tempDir: string): Promise<NodeFloor> {
  const answer = await recordAnswer(url);
  if (answer.status !== 200)
    throw new BenchError(`the Node floor needs a 200 to copy; ${url} answered ${answer.status}`);
  const answerFile = join(tempDir, "node-floor-answer.json");
  writeFileSync(answerFile, JSON.stringify(answer));
  const port = await freePort();
  const floor = startChild(
    process.execPath,
    [join(import.meta.dirname, "node-floor-server.ts"), answerFile, String(port)],
    { env: process.env },
  );
  onCleanUp(() => stopChild(floor.child));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(floor, `${base}/`, "The Node floor server", 15_000);
  return { ...floor, base };
}
