/**
 * What an operator reads: the request id (taken from our proxy only, and only when it
 * looks sane), the JSON log lines that carry it, and the metrics the store feeds.
 */
import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import type { Store } from "../../server/submissions/store-types.ts";
import { createLogger, withRequestId } from "../../server/log.ts";
import { createMetrics } from "../../server/metrics.ts";
import { createSubmissionIntake } from "../../server/submission-intake.ts";
import { type ProxyHeaders, requestIdOf } from "../../server/request-facts.ts";

function requestWith(headers: Record<string, string | string[]>): IncomingMessage {
  return { headers, socket: new Socket() } as unknown as IncomingMessage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the request id", () => {
  it.each<ProxyHeaders>(["x-forwarded", "forwarded"])("is the trusted proxy's (%s) when it looks sane", (proxy) => {
    for (const sent of ["abc", "0f8e2c1a-77aa-4b1e-9c3d-2a1b0c9d8e7f", "nginx.req_1-2", "x".repeat(64)])
      expect(requestIdOf(requestWith({ "x-request-id": sent }), proxy)).toBe(sent);
  });

  it("is generated when no proxy is trusted, whatever the client sends", () => {
    const id = requestIdOf(requestWith({ "x-request-id": "chosen-by-the-client" }), "none");
    expect(id).not.toBe("chosen-by-the-client");
    expect(id).toMatch(UUID);
  });

  it.each([
    ["too long", "x".repeat(65)],
    ["empty", ""],
    ["a space", "abc def"],
    ["a forged log line", 'abc\n{"level":"info"'],
    ["quotes", '"abc"'],
    ["a slash", "../etc"],
    ["non-ASCII", "abcé"],
  ])("is generated when the proxy's id has %s", (_, sent) => {
    const id = requestIdOf(requestWith({ "x-request-id": sent }), "x-forwarded");
    expect(id).not.toBe(sent);
    expect(id).toMatch(UUID);
  });

  it("is generated when the header came twice (Node joins them with a comma)", () => {
    expect(requestIdOf(requestWith({ "x-request-id": "a, b" }), "x-forwarded")).toMatch(UUID);
  });

  it("is new for every request without one", () => {
    const ids = new Set(Array.from({ length: 50 }, () => requestIdOf(requestWith({}), "x-forwarded")));
    expect(ids.size).toBe(50);
  });
});

function memoryStream() {
  const lines: string[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { stream, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), lines };
}

describe("the log", () => {
  function logger() {
    const stdout = memoryStream();
    const stderr = memoryStream();
    return { log: createLogger({ stdout: stdout.stream, stderr: stderr.stream }), stdout, stderr };
  }

  it("writes one JSON object per line: level, ISO time, msg and the fields given", () => {
    const { log, stdout } = logger();
    log.info({ status: 303 }, 'a "quoted" message');
    expect(stdout.lines).toHaveLength(1);
    expect(stdout.lines[0]?.endsWith("\n")).toBe(true);
    expect(stdout.lines[0]?.trimEnd()).not.toContain("\n");
    const [record] = stdout.records();
    expect(record).toMatchObject({ level: "info", msg: 'a "quoted" message', status: 303 });
    expect(new Date(record?.time as string).toISOString()).toBe(record?.time);
  });

  it("sends warnings and errors to stderr only, the rest to stdout only", () => {
    const { log, stdout, stderr } = logger();
    log.info("fine");
    log.warn("odd");
    log.error("broken");
    expect(stdout.records().map((r) => r.msg)).toEqual(["fine"]);
    expect(stderr.records().map((r) => [r.level, r.msg])).toEqual([
      ["warn", "odd"],
      ["error", "broken"],
    ]);
  });

  it("puts the request's id on every line logged while it is handled, across awaits", async () => {
    const { log, stdout } = logger();
    log.info("before");
    await withRequestId("req-1", async () => {
      log.info("start");
      await new Promise((r) => setTimeout(r, 5));
      log.info("after a wait");
    });
    await Promise.all([
      withRequestId("req-a", async () => {
        await new Promise((r) => setTimeout(r, 5));
        log.info("a");
      }),
      withRequestId("req-b", async () => log.info("b")),
    ]);
    expect(stdout.records().map((r) => [r.msg, r.requestId])).toEqual([
      ["before", undefined],
      ["start", "req-1"],
      ["after a wait", "req-1"],
      ["b", "req-b"],
      ["a", "req-a"],
    ]);
  });

  it("logs an error's stack under err, not in the message", () => {
    const { log, stderr } = logger();
    log.error({ err: new Error("boom") }, "Request failed: boom");
    const [record] = stderr.records();
    expect(record?.msg).toBe("Request failed: boom");
    expect((record?.err as { stack: string }).stack).toMatch(/Error: boom\n\s+at /);
  });
});

describe("the metrics", () => {
  const readiness = (pending: number, oldestPendingAt: Date | null) =>
    ({
      readiness: async () => ({ schema: { expected: 3, applied: 3 }, outbox: { pending, oldestPendingAt } }),
    }) as unknown as Store;

  function value(text: string, series: string): number | undefined {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  }

  it("read the outbox's backlog from the store when scraped", async () => {
    const now = new Date("2026-01-01T12:00:00Z");
    const metrics = createMetrics(readiness(4, new Date(now.getTime() - 90_500)), () => now);
    await metrics.refreshFromStore();
    const text = await metrics.registry.metrics();
    expect(value(text, "blueberry_outbox_pending_messages")).toBe(4);
    expect(value(text, "blueberry_outbox_oldest_pending_age_seconds")).toBe(90.5);
    expect(value(text, "blueberry_store_up")).toBe(1);
  });

  it("say the store did not answer instead of failing the scrape", async () => {
    const broken = { readiness: () => Promise.reject(new Error("down")) } as unknown as Store;
    const metrics = createMetrics(broken);
    await metrics.refreshFromStore();
    const text = await metrics.registry.metrics();
    expect(value(text, "blueberry_store_up")).toBe(0);
    expect(value(text, "blueberry_outbox_pending_messages")).toBeNaN();
  });

  it("count a submission once it is stored, not when saving fails", async () => {
    let fail = false;
    const store = {
      dialect: "sqlite",
      save: async () => {
        if (fail) throw new Error("locked");
        return { id: "s1" };
      },
      readiness: readiness(0, null).readiness,
    } as unknown as Store;
    const metrics = createMetrics(store);
    let wakes = 0;
    // Counted where the server composes the intake the route actions get; the store is not wrapped.
    const intake = createSubmissionIntake({
      records: store,
      wakeOutbox: () => wakes++,
      accepted: (kind) => metrics.submissionAccepted(kind),
    });
    expect(await intake.accept({ kind: "contact" } as never, [])).toEqual({ id: "s1" });
    fail = true;
    await expect(intake.accept({ kind: "application" } as never, [])).rejects.toThrow("locked");
    expect(wakes).toBe(1);
    const text = await metrics.registry.metrics();
    expect(value(text, 'blueberry_submissions_accepted_total{kind="contact"}')).toBe(1);
    expect(value(text, 'blueberry_submissions_accepted_total{kind="application"}')).toBe(0);
  });

  it("name unusual methods `other`, so a scanner cannot add series", async () => {
    const metrics = createMetrics(readiness(0, null));
    metrics.requestFinished("GET", 200);
    metrics.requestFinished("PROPFIND", 405);
    metrics.requestFinished("BREW", 405);
    const text = await metrics.registry.metrics();
    expect(value(text, 'blueberry_http_requests_total{method="GET",status="200"}')).toBe(1);
    expect(value(text, 'blueberry_http_requests_total{method="other",status="405"}')).toBe(2);
  });

  it("count each request once across scrapes: none lost between two, none counted twice", async () => {
    const metrics = createMetrics(readiness(0, null));
    const scrape = async (series: string) => value(await metrics.registry.metrics(), series);
    const ok = 'blueberry_http_requests_total{method="GET",status="200"}';
    const missing = 'blueberry_http_requests_total{method="GET",status="404"}';
    metrics.requestFinished("GET", 200);
    metrics.requestFinished("GET", 200);
    expect(await scrape(ok)).toBe(2);
    metrics.requestFinished("GET", 200);
    metrics.requestFinished("GET", 404);
    expect(await scrape(ok)).toBe(3);
    expect(await scrape(ok)).toBe(3);
    expect(await scrape(missing)).toBe(1);
  });
});
