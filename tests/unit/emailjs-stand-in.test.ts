/**
 * The EmailJS stand-in (tests/support/stand-ins/emailjs.ts) answers as the tests of the
 * server's transport and the browser SDK expect: the send call, its checks, CORS, and the
 * behaviours a test sets.
 */
import emailjs from "@emailjs/browser";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type EmailJsStandIn, SEND_PATH, startEmailJsStandIn } from "../support/stand-ins/emailjs.ts";

let standIn: EmailJsStandIn;
beforeAll(async () => {
  standIn = await startEmailJsStandIn();
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(() => standIn.reset());

/** What @emailjs/browser 4.4.1's send() posts. */
const SDK_BODY = {
  lib_version: "4.4.1",
  user_id: "public-key",
  service_id: "service_x",
  template_id: "template_y",
  template_params: { to_name: "Blueberry Semiconductors", from_name: "Ravi" },
};

async function post(body: unknown, headers: Record<string, string> = { "Content-type": "application/json" }) {
  const res = await fetch(`${standIn.origin}${SEND_PATH}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

describe("the EmailJS stand-in", () => {
  it("listens on loopback and answers the SDK's send with 200 OK, recording headers and body", async () => {
    expect(standIn.origin).toBe(`http://127.0.0.1:${standIn.port}`);
    const before = Date.now();
    const answer = await post(SDK_BODY);
    expect(answer).toMatchObject({ status: 200, text: "OK" });
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(standIn.received).toHaveLength(1);
    const [first] = standIn.received;
    expect(first?.body).toEqual(SDK_BODY);
    expect(first?.headers["content-type"]).toBe("application/json");
    expect(first?.at).toBeGreaterThanOrEqual(before);
  });

  it.each([
    ["user_id", /public key is required/],
    ["service_id", /service ID is required/],
    ["template_id", /template ID is required/],
  ])("refuses a send without %s with 400 and EmailJS-like text", async (field, says) => {
    const body: Record<string, unknown> = { ...SDK_BODY };
    delete body[field];
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(says);
    // An empty string counts as missing too.
    expect((await post({ ...SDK_BODY, [field]: "" })).status).toBe(400);
    expect(standIn.received).toHaveLength(2);
  });

  it("refuses a body that is not JSON, and template_params that are not an object", async () => {
    expect((await post("service_id=x", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(400);
    expect((await post("{not json")).status).toBe(400);
    expect((await post({ ...SDK_BODY, template_params: "text" })).status).toBe(400);
    expect((await post({ ...SDK_BODY, template_params: [1] })).status).toBe(400);
    expect(standIn.received.map((r) => typeof r.body)).toEqual(["string", "string", "object", "object"]);
  });

  it("answers a browser's CORS preflight allowing POST with Content-Type", async () => {
    const res = await fetch(`${standIn.origin}${SEND_PATH}`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:4173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b/);
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    expect(standIn.preflights).toHaveLength(1);
    expect(standIn.received).toHaveLength(0);
  });

  it("failNext fails that many sends (500 by default, or the status given), then answers OK again", async () => {
    standIn.failNext(2, 503);
    expect((await post(SDK_BODY)).status).toBe(503);
    expect((await post(SDK_BODY)).status).toBe(503);
    expect((await post(SDK_BODY)).status).toBe(200);
    standIn.failNext(1);
    expect((await post(SDK_BODY)).status).toBe(500);
    expect((await post(SDK_BODY)).status).toBe(200);
    expect(standIn.received).toHaveLength(5);
    expect(standIn.answered.map((a) => a.status)).toEqual([503, 503, 200, 500, 200]);
  });

  it("respondWith answers every following send until reset", async () => {
    standIn.respondWith(403, "API calls are disabled for non-browser applications");
    for (let i = 0; i < 2; i++) {
      const answer = await post(SDK_BODY);
      expect(answer).toMatchObject({ status: 403, text: "API calls are disabled for non-browser applications" });
    }
    standIn.reset();
    expect(standIn.received).toHaveLength(0);
    expect((await post(SDK_BODY)).status).toBe(200);
  });

  it("failNext comes before respondWith", async () => {
    standIn.respondWith(200, "OK");
    standIn.failNext(1, 502);
    expect((await post(SDK_BODY)).status).toBe(502);
    expect((await post(SDK_BODY)).status).toBe(200);
  });

  it("answers other paths with 404 and other methods on the send path with 405", async () => {
    expect((await fetch(`${standIn.origin}/api/v1.0/email/send-form`, { method: "POST", body: "x" })).status).toBe(404);
    const get = await fetch(`${standIn.origin}${SEND_PATH}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect(standIn.received).toHaveLength(0);
  });

  it("waitFor resolves once enough sends arrived and rejects after its timeout", async () => {
    const waiting = standIn.waitFor(2, 5000);
    await post(SDK_BODY);
    await post(SDK_BODY);
    expect(await waiting).toHaveLength(2);
    await expect(standIn.waitFor(3, 50)).rejects.toThrow(/received 2 of 3/);
  });

  it("answers the real @emailjs/browser send(): its exact body, 200 OK, and a failNext as the SDK's failure", async () => {
    // The SDK's rate-limit check reads location.pathname, which Node lacks.
    vi.stubGlobal("location", { pathname: "/contact" });
    try {
      emailjs.init({ publicKey: "public-key", origin: standIn.origin });
      const sent = await emailjs.send("service_x", "template_y", { to_name: "Blueberry Semiconductors" });
      expect(sent).toMatchObject({ status: 200, text: "OK" });
      expect(standIn.received[0]?.body).toEqual({
        lib_version: expect.stringMatching(/^4\./),
        user_id: "public-key",
        service_id: "service_x",
        template_id: "template_y",
        template_params: { to_name: "Blueberry Semiconductors" },
      });
      expect(standIn.received[0]?.headers["content-type"]).toBe("application/json");
      standIn.failNext(1, 503);
      await expect(emailjs.send("service_x", "template_y", {})).rejects.toMatchObject({ status: 503 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("starts on a port asked for", async () => {
    const probe = await startEmailJsStandIn();
    const port = probe.port;
    await probe.stop();
    const again = await startEmailJsStandIn({ port });
    try {
      expect(again.port).toBe(port);
      expect(again.origin).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await again.stop();
    }
  });
});
