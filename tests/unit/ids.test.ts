import { describe, expect, it } from "vitest";
import { randomBytesPooled } from "../../server/random-pool.ts";
import { timeOrderedId } from "../../server/submissions/ids.ts";
import { isUuid } from "../../server/submissions/store-shared.ts";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Unix milliseconds in an id's first 48 bits. */
function timeOf(id: string): number {
  return Number.parseInt(id.replace("-", "").slice(0, 12), 16);
}

describe("timeOrderedId", () => {
  it("is a version 7 UUID with the RFC 9562 variant, which the store's id check accepts", () => {
    for (const time of [0, 1, Date.UTC(2026, 10, 24, 5, 30), 2 ** 48 - 1]) {
      const id = timeOrderedId(time);
      expect(id).toMatch(V7);
      expect(isUuid(id)).toBe(true);
      expect(timeOf(id)).toBe(time);
    }
  });

  it("sorts by time: an id of a later millisecond is greater as text, as the indexes compare it", () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 2000 }, (_, i) => timeOrderedId(start + i * 997));
    expect([...ids].sort()).toEqual(ids);
  });

  it("never repeats, within one millisecond or across the random pool's refills", () => {
    const time = Date.UTC(2026, 10, 24);
    const ids = Array.from({ length: 50_000 }, () => timeOrderedId(time));
    expect(new Set(ids).size).toBe(ids.length);
    // 74 random bits each: the random part of ids of the same millisecond differs.
    expect(new Set(ids.map((id) => id.slice(15))).size).toBe(ids.length);
  });

  it("refuses a time it cannot write: negative, fractional, not a number, past 48 bits", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 48])
      expect(() => timeOrderedId(bad), String(bad)).toThrow(RangeError);
  });
});

describe("randomBytesPooled", () => {
  it("hands out copies: changing one leaves the next and the pool alone", () => {
    const first = randomBytesPooled(18);
    const copy = Buffer.from(first);
    first.fill(0);
    const second = randomBytesPooled(18);
    expect(second.equals(first)).toBe(false);
    expect(copy.equals(Buffer.alloc(18))).toBe(false);
  });

  it("gives different bytes every time, across many refills of its 4 KB pool", () => {
    const seen = new Set(Array.from({ length: 5000 }, () => randomBytesPooled(18).toString("base64")));
    expect(seen.size).toBe(5000);
    // Not a fixed pattern: all 256 byte values turn up in 90,000 bytes.
    const bytes = Buffer.concat(Array.from({ length: 5000 }, () => randomBytesPooled(18)));
    expect(new Set(bytes).size).toBe(256);
  });

  it("refuses a count it cannot serve: 0, 257, 1.5", () => {
    for (const bad of [0, 257, 1.5]) expect(() => randomBytesPooled(bad), String(bad)).toThrow(RangeError);
  });
});
