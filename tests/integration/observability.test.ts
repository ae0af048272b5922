/**
 * What an operator watches, on the real site process: Prometheus metrics on their own
 * port, on loopback only (requests by status, submissions by kind, the outbox's backlog
 * and failed deliveries while SMTP is down), and JSON log lines whose request id is the
 * one the visitor's answer carried.
 */
import { readFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort } from "../support/mail-smtp.ts";
import { contactFields } from "./helpers/forms.ts";
import { type Answer, postContact, postForm, send, until } from "./helpers/http.ts";
import { logRecords, logText } from "./helpers/log-lines.ts";
import { freePort, type Site, startSite } from "../support/site-server.ts";

let site: Site;
let metricsPort: number;
let metricsUrl: string;

beforeAll(async () => {
  metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  // SMTP at a port nothing listens on: every delivery fails and the mail waits.
  const smtpPort = await closedPort();
  site = await startSite({ env: { METRICS_PORT: String(metricsPort), SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

/** One sample's value from Prometheus text (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const answer = await send(metricsUrl);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

describe("metrics", () => {
  let before: string;
  let contact: Answer;
  let invalid: Answer;
  let crossOrigin: Answer;
  let postedAt: number;

  beforeAll(async () => {
    before = await scrape();
    postedAt = Date.now();
    contact = await postContact(site, contactFields({ name: "Metrics Meena" }));
    invalid = await postContact(site, contactFields({ email: "not an address" }));
    crossOrigin = await postForm(`${site.origin}/contact`, contactFields(), { Origin: "https://elsewhere.example" });
  });

  it("count requests by method and status, and submissions by kind and refusal", async () => {
    expect([contact.status, invalid.status, crossOrigin.status]).toEqual([303, 400, 403]);
    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('blueberry_http_requests_total{method="POST",status="303"}')).toBe(1);
    expect(moved('blueberry_http_requests_total{method="POST",status="400"}')).toBe(1);
    expect(moved('blueberry_http_requests_total{method="POST",status="403"}')).toBe(1);
    expect(moved('blueberry_submissions_accepted_total{kind="contact"}')).toBe(1);
    expect(moved('blueberry_submissions_accepted_total{kind="application"}')).toBe(0);
    expect(moved('blueberry_submissions_refused_total{reason="invalid"}')).toBe(1);
    expect(moved('blueberry_submissions_refused_total{reason="cross_origin"}')).toBe(1);
    // Node's own process metrics come along.
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it("show the mail waiting in the outbox, its age, and the failed deliveries while SMTP is down", async () => {
    const text = await until(
      "a failed delivery and a pending message over a second old",
      async () => {
        const now = await scrape();
        return sample(now, 'blueberry_mail_delivery_failures_total{kind="company_notification"}') >= 1 &&
          sample(now, "blueberry_outbox_oldest_pending_age_seconds") >= 1
          ? now
          : undefined;
      },
      20_000,
    );
    expect(sample(text, "blueberry_outbox_pending_messages")).toBe(1);
    expect(sample(text, "blueberry_store_up")).toBe(1);
    expect(sample(text, 'blueberry_mail_sent_total{kind="company_notification"}')).toBe(0);
    // The oldest waiting mail is the one posted above: no older than this test's post.
    const age = sample(text, "blueberry_outbox_oldest_pending_age_seconds");
    expect(age).toBeLessThanOrEqual((Date.now() - postedAt) / 1000 + 1);
  });

  it("answer GET /metrics only", async () => {
    expect((await send(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await send(metricsUrl, { method: "POST" })).status).toBe(405);
  });

  it("are not served on the site's own port", async () => {
    const answer = await send(`${site.origin}/metrics`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("blueberry_");
  });

  it("listen on 127.0.0.1 only", async () => {
    // The kernel's table of listening TCP sockets: the metrics port is bound to 127.0.0.1
    // (0100007F) and to no other address, IPv4 or IPv6.
    const hexPort = metricsPort.toString(16).toUpperCase().padStart(4, "0");
    const listening = (file: string) =>
      readFileSync(file, "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols[3] === "0A" && cols[1]?.endsWith(`:${hexPort}`))
        .map((cols) => cols[1]?.split(":")[0]);
    expect(listening("/proc/net/tcp")).toEqual(["0100007F"]);
    expect(listening("/proc/net/tcp6")).toEqual([]);
    // And from this machine's other addresses, where it has any, nothing answers.
    const outward = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === "IPv4")
      .map((a) => a?.address as string);
    for (const address of outward) await expect(connectTo(address, metricsPort)).rejects.toThrow(/ECONNREFUSED/);
  });
});

function connectTo(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error("timeout"));
    });
    socket.once("error", reject);
  });
}

describe("log lines", () => {
  it("are JSON, one per line, and the access line carries the id the answer did", async () => {
    const answer = await postContact(site, contactFields({ name: "Logged Lata" }));
    expect(answer.status).toBe(303);
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const line = await until("the access line", () =>
      logRecords(site.stdout()).find((r) => r.requestId === requestId && r.msg === "request finished"),
    );
    expect(line).toMatchObject({ level: "info", method: "POST", path: "/contact", status: 303 });
    expect(line.durationMs).toEqual(expect.any(Number));

    for (const output of [site.stdout(), site.stderr()]) {
      const lines = output.split("\n").filter((l) => l !== "");
      expect(logRecords(output)).toHaveLength(lines.length);
    }
  });

  it("leave the query string out of the path, and log no static file", async () => {
    const page = await send(`${site.origin}/contact?sent=1&email=someone%40example.com`);
    const file = await send(`${site.origin}/about`);
    const [pageId, fileId] = [page.headers.get("x-request-id"), file.headers.get("x-request-id")];
    expect(pageId).not.toBe(fileId);
    const line = await until("the page's access line", () =>
      logRecords(site.stdout()).find((r) => r.requestId === pageId),
    );
    expect(line.path).toBe("/contact");
    expect(site.stdout()).not.toContain("someone");
    expect(logRecords(site.stdout()).some((r) => r.requestId === fileId)).toBe(false);
  });

  it("ignore a client's own X-Request-Id without a trusted proxy", async () => {
    const answer = await send(`${site.origin}/contact?x=1`, { headers: { "X-Request-Id": "picked-by-the-client" } });
    expect(answer.headers.get("x-request-id")).not.toBe("picked-by-the-client");
    expect(site.stdout()).not.toContain("picked-by-the-client");
  });

  it("of the outbox's failures go to stderr without a request's id: the pass serves every waiting mail", async () => {
    const failure = await until("a delivery failure line", () =>
      logRecords(site.stderr()).find((r) => /^mail outbox: company_notification .* failed \(attempt 1\)/.test(r.msg)),
    );
    expect(failure.level).toBe("error");
    expect(failure.requestId).toBeUndefined();
  });
});

describe("a metrics port already taken", () => {
  it("leaves the site serving, and says so in an error line", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const { port } = taken.address() as { port: number };
    const other = await startSite({ env: { METRICS_PORT: String(port) } });
    try {
      expect((await send(`${other.origin}/contact?x=1`)).status).toBe(200);
      expect(logText(other.stderr())).toContain(
        `Metrics: port ${port} on 127.0.0.1 is already in use; the site serves without metrics.`,
      );
    } finally {
      await other.stop();
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});
