/**
 * Whatever a client sends, the built server answers it and goes on serving: the named
 * inputs of tests/support/request-fuzz.ts and a few thousand variants generated from a
 * fixed seed, written raw on sockets. Every request gets a status line, none a 500 or a
 * stack trace, every redirect stays on this site, /livez answers after every batch, and
 * the log holds no stack. `FUZZ_REQUESTS=50000` (and `FUZZ_SEED`) runs a longer fuzz.
 * The same requests go through deploy/nginx.conf to two replicas in topology.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { anOpenJob } from "../support/content-picks.ts";
import { fuzzCount, generatedCases, namedCases, rawRequest } from "../support/request-fuzz.ts";
import { sendRawRequest } from "../support/raw-http.ts";
import { fuzz } from "./helpers/fuzz.ts";
import { type Site, startSite } from "../support/site-server.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);

describe("raw requests to the built server", () => {
  let site: Site;

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("answers every named hostile input with a status line, no 500, no stack, no redirect off the site, and stays up", async () => {
    expect(await fuzz(site.port, namedCases(), [site.port])).toEqual([]);
  });

  it(`answers ${fuzzCount(3000)} generated variants the same way`, async () => {
    expect(await fuzz(site.port, generatedCases(SEED, fuzzCount(3000)), [site.port])).toEqual([]);
  });

  it("logs client mistakes quietly: no error, no stack, at most one line a request", () => {
    const lines = `${site.stdout()}\n${site.stderr()}`
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; requestId?: string; msg: string });
    expect(lines.filter((line) => line.level === "error" || "err" in line).slice(0, 3)).toEqual([]);
    // Nor outside the JSON lines: a crash prints its stack as plain text.
    expect(site.stderr()).not.toMatch(/\n\s+at \S/);
    const perRequest = new Map<string, string[]>();
    for (const line of lines)
      if (line.requestId) perRequest.set(line.requestId, [...(perRequest.get(line.requestId) ?? []), line.msg]);
    expect([...perRequest.values()].filter((msgs) => msgs.length > 1).slice(0, 3)).toEqual([]);
    // Short lines: a client's 64 KB path is cut in the access line, not copied into the log.
    const long = `${site.stdout()}\n${site.stderr()}`.split("\n").filter((line) => line.length > 600);
    expect(long.map((line) => line.slice(0, 120))).toEqual([]);
  });

  it("survives clients that leave mid-request (headers cut short, a body shorter than it said, a reset), then answers the next", async () => {
    const cut = [
      "GET /about HTTP/1.1\r\nHost: loc",
      "GET //[ HTTP/1.1\r\nHost: localhost\r\n",
      "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 500\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nname=a",
      `POST ${anOpenJob().path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 900000\r\nContent-Type: multipart/form-data; boundary=b\r\n\r\n--b\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n%PDF-1.4 ${"x".repeat(50_000)}`,
      "GET /contact?sent=1 HTTP/1.1\r\nHost: localhost\r\n\r\n",
    ];
    for (const bytes of cut) {
      // Half-closed at once, or left after 50 ms: the server must not wait on it or fall over.
      await sendRawRequest(site.port, bytes, { halfClose: true, timeoutMs: 1000 });
      await sendRawRequest(site.port, bytes, { timeoutMs: 50 });
    }
    const live = await sendRawRequest(site.port, rawRequest("GET", "/livez"));
    expect(live.status).toBe(200);
  });

  it("answers the trailing-slash redirect with a path on this site, for each variant that used to leave it", async () => {
    const cases: [string, string][] = [
      ["//x//evil.example/", "/x//evil.example"],
      ["/.//evil.example/", "/evil.example"],
      ["/%2e//evil.example/", "/evil.example"],
      ["/./\\evil.example/", "/evil.example"],
      ["//evil.example//", "/evil.example"],
      ["///", "/"],
      ["/about//?x=1", "/about?x=1"],
    ];
    for (const [target, location] of cases) {
      const answer = await sendRawRequest(site.port, rawRequest("GET", target));
      expect([target, answer.status, answer.headers.get("location")]).toEqual([target, 308, location]);
    }
  });

  it("answers CONNECT with 405 and OPTIONS * with the methods the site takes", async () => {
    const connect = await sendRawRequest(site.port, rawRequest("CONNECT", "localhost:443"));
    expect(connect.status).toBe(405);
    const options = await sendRawRequest(site.port, rawRequest("OPTIONS", "*"));
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, OPTIONS, POST"]);
  });

  it.each(["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND", "POST"])(
    "answers %s to the health checks with 405 and Allow, not their status",
    async (method) => {
      for (const path of ["/livez", "/readyz", "/healthz"]) {
        const answer = await sendRawRequest(site.port, rawRequest(method, path));
        expect([path, answer.status, answer.headers.get("allow")]).toEqual([path, 405, "GET, HEAD, OPTIONS"]);
      }
    },
  );

  it.each(["[::1", "x:99999", "a b", "evil.example/path"])(
    "answers a Host of %j on a rendered page and a post with a plain 400",
    async (host) => {
      for (const [method, target] of [
        ["GET", "/contact?sent=1"],
        ["GET", "/casestudies/no-such-study"],
        ["POST", "/contact"],
      ] as const) {
        const body = method === "POST" ? "name=a" : "";
        const answer = await sendRawRequest(site.port, rawRequest(method, target, [["Host", host]], body));
        expect([method, target, answer.status, answer.body]).toEqual([method, target, 400, "Bad Request"]);
      }
    },
  );
});
