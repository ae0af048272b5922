/**
 * The Node floor of the throughput comparison (scripts/bench/node-floor.ts): Node's own
 * `http` server, with our server's settings, answering every request with one recorded
 * answer (one writeHead of its headers, then its body) and doing nothing else. What it
 * does a second is the most any handler on Node's `http` module can do with those bytes.
 *
 * `node scripts/bench/node-floor-server.ts ANSWER.json PORT`; listens on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { RecordedAnswer } from "./node-floor.ts";

const [answerFile, port] = process.argv.slice(2);
if (!answerFile || !port) {
  console.error("usage: node scripts/bench/node-floor-server.ts ANSWER.json PORT");
  process.exit(2);
}
const answer = JSON.parse(readFileSync(answerFile, "utf8")) as RecordedAnswer;
const body = Buffer.from(answer.bodyBase64, "base64");

const server = createServer((req, res) => {
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === "HEAD" ? undefined : body);
});
// As server/index.ts sets them, so that only the handler differs.
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1");
