/**
 * The fuzzer's verdict on raw requests sent to a running site (directly or through
 * nginx): what counts as a fault in one answer, and batches with a liveness check of
 * every replica after each. The requests come from tests/support/request-fuzz.ts.
 */
import { type FuzzCase, type FuzzResult, rawRequest, sendAll } from "../../support/request-fuzz.ts";
import { sendRawRequest } from "../../support/raw-http.ts";
import { stackTraceIn } from "./http.ts";

/** What is wrong with one answer, or null: the checks every fuzzed request must pass. */
export function faultIn(result: FuzzResult): string | null {
  const { answer } = result;
  if (!answer.statusLine) return answer.silent ? "no answer at all" : "no status line";
  // 501 (a method we do not implement) and 505 are answers about the client's request.
  if (answer.status >= 500 && answer.status !== 501 && answer.status !== 505) return `status ${answer.status}`;
  const stack = stackTraceIn(answer.body);
  if (stack) return `a stack trace in the body: ${stack}`;
  const location = answer.headers.get("location");
  if (location !== undefined) {
    const base = "http://site.test/here";
    if (new URL(location, base).origin !== "http://site.test") return `a redirect off the site: ${location}`;
    if (location === "") return "an empty Location";
  }
  return null;
}

/** The faults of a batch, one line each, the request's first line beside it. */
export function faultsOf(results: FuzzResult[]): string[] {
  return results.flatMap((result) => {
    const fault = faultIn(result);
    if (!fault) return [];
    const firstLine = result.case.bytes.subarray(0, 120).toString("latin1").split("\r\n")[0];
    return [`${result.case.name}: ${fault} (${JSON.stringify(firstLine)})`];
  });
}

/** Sends `cases` in batches; after each, every server must answer /livez. Returns every fault. */
export async function fuzz(port: number, cases: FuzzCase[], livezPorts: number[]): Promise<string[]> {
  const faults: string[] = [];
  let sent = 0;
  for (let start = 0; start < cases.length; start += 500) {
    const batch = cases.slice(start, start + 500);
    faults.push(...faultsOf(await sendAll(port, batch)));
    sent += batch.length;
    for (const livePort of livezPorts) {
      const live = await sendRawRequest(livePort, rawRequest("GET", "/livez"));
      if (live.status !== 200) {
        faults.push(`after ${sent} requests the server on port ${livePort} does not answer /livez`);
        return faults;
      }
    }
  }
  return faults;
}
