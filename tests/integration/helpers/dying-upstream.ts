/**
 * A stand-in replica for the topology test, test code only: answers every request 200
 * with its name, and on a request for DYING_PATH exits at once without an answer, as a
 * replica would that a request killed. Run as `node dying-upstream.ts <port> <name>`.
 */
import { createServer } from "node:http";

// Under /cv/: nginx passes every such path to the app (deploy/nginx.conf).
export const DYING_PATH = "/cv/stand-in-dies-here";

const [portArg, name = "stand-in"] = process.argv.slice(2);
if (portArg !== undefined) {
  createServer((req, res) => {
    if (req.url?.startsWith(DYING_PATH)) process.exit(70);
    res.writeHead(200, { "Content-Type": "text/plain" }).end(name);
  }).listen(Number(portArg), "127.0.0.1");
}
