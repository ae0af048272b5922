import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../server/rate-limit.ts";

describe("rate limiter", () => {
  it("allows the limit within a window, refuses the next, and allows again in the next window", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([1, 2, 3].map(() => limiter.allow("10.0.0.1"))).toEqual([true, true, true]);
    expect(limiter.allow("10.0.0.1")).toBe(false);
    expect(limiter.allow("10.0.0.2")).toBe(true);
    now = 1000;
    expect(limiter.allow("10.0.0.1")).toBe(true);
    limiter.stop();
  });
});
