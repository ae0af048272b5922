/**
 * The form posts' rate limit in memory (no DATABASE_URL): attempts of any outcome and
 * accepted submissions are capped apart, and a refused post gives its submission back.
 * The shared PostgreSQL limit is proven with two real servers in
 * tests/integration/request-pipeline.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readEnv } from "../../server/env.ts";
import { openPostRateLimit, type PostRateLimit } from "../../server/rate-limit.ts";

let limit: PostRateLimit | undefined;
afterEach(async () => {
  await limit?.close();
  limit = undefined;
});

async function admitted(key: string): Promise<boolean> {
  return (await (limit as PostRateLimit).admit(key)).admitted;
}

describe("post rate limit (memory)", () => {
  it("takes RATE_LIMIT_MAX_POSTS accepted posts per address, then refuses with the seconds to wait", async () => {
    limit = await openPostRateLimit({ maxAttempts: 100, maxAccepted: 3, windowSeconds: 600 });
    expect([await admitted("10.0.0.1"), await admitted("10.0.0.1"), await admitted("10.0.0.1")]).toEqual([
      true,
      true,
      true,
    ]);
    const fourth = await limit.admit("10.0.0.1");
    expect(fourth).toEqual({ admitted: false, retryAfterSeconds: expect.any(Number) });
    if (fourth.admitted) throw new Error("unreachable");
    expect(fourth.retryAfterSeconds).toBeGreaterThan(590);
    expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(600);
    // Another address has its own limit.
    expect(await admitted("10.0.0.2")).toBe(true);
  });

  it("retryAfter tells whether an address is over a limit now, and counts nothing", async () => {
    limit = await openPostRateLimit({ maxAttempts: 100, maxAccepted: 2, windowSeconds: 600 });
    for (let i = 0; i < 5; i++) expect(await limit.retryAfter("10.0.0.9")).toBeNull();
    expect([await admitted("10.0.0.9"), await admitted("10.0.0.9")]).toEqual([true, true]);
    const wait = await limit.retryAfter("10.0.0.9");
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await limit.retryAfter("10.0.0.10")).toBeNull();
  });

  it("allows again once the window is over", async () => {
    limit = await openPostRateLimit({ maxAttempts: 100, maxAccepted: 1, windowSeconds: 1 });
    expect([await admitted("10.0.0.3"), await admitted("10.0.0.3")]).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await admitted("10.0.0.3")).toBe(true);
  });

  it("gives a refused post's submission back, so corrected mistakes do not use up the limit", async () => {
    limit = await openPostRateLimit({ maxAttempts: 100, maxAccepted: 2, windowSeconds: 600 });
    for (let i = 0; i < 5; i++) {
      const admission = await limit.admit("192.0.2.7");
      if (!admission.admitted) throw new Error(`post ${i + 1} was refused`);
      await admission.notAccepted();
    }
    expect([await admitted("192.0.2.7"), await admitted("192.0.2.7"), await admitted("192.0.2.7")]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("caps every post, accepted or not, at RATE_LIMIT_MAX_ATTEMPTS", async () => {
    limit = await openPostRateLimit({ maxAttempts: 4, maxAccepted: 100, windowSeconds: 600 });
    const outcomes: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      const admission = await limit.admit("198.51.100.9");
      outcomes.push(admission.admitted);
      if (admission.admitted) await admission.notAccepted();
    }
    expect(outcomes).toEqual([true, true, true, true, false, false]);
  });
});

describe("rate-limit settings", () => {
  it("RATE_LIMIT_MAX_ATTEMPTS defaults to 3 × RATE_LIMIT_MAX_POSTS, and is kept when set", () => {
    expect(readEnv({}).RATE_LIMIT_MAX_ATTEMPTS).toBe(30);
    expect(readEnv({ RATE_LIMIT_MAX_POSTS: "4" }).RATE_LIMIT_MAX_ATTEMPTS).toBe(12);
    expect(readEnv({ RATE_LIMIT_MAX_POSTS: "4", RATE_LIMIT_MAX_ATTEMPTS: "5" }).RATE_LIMIT_MAX_ATTEMPTS).toBe(5);
  });

  it.each(["0", "-3", "many"])("refuses RATE_LIMIT_MAX_ATTEMPTS=%s, naming it", (value) => {
    expect(() => readEnv({ RATE_LIMIT_MAX_ATTEMPTS: value })).toThrow(/RATE_LIMIT_MAX_ATTEMPTS/);
  });
});
