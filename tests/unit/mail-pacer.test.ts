/**
 * The delivery thread's pacer (server/mail/mail-pacer.ts): while the request thread is
 * busy, sends start one per gap, however many lanes ask; calm, at once; and the moment the
 * request thread is calm again, every waiting send goes. Real timers; the gaps are measured
 * between the moments the pacer granted, so a test thread that is preempted after a grant
 * (a busy machine) cannot shorten them.
 */
import { describe, expect, it } from "vitest";
import { createMailPacer } from "../../server/mail/mail-pacer.ts";

const GAP = 40;

describe("the mail pacer", () => {
  it("lets every send start at once while the request thread is calm", async () => {
    // A 10 s gap: a hundred paced turns would take 16 minutes, unpaced they take far under a second.
    const pacer = createMailPacer(10_000);
    const started = performance.now();
    for (let i = 0; i < 100; i++) await pacer.turn();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("while busy, starts one send per gap, also when five lanes ask at once", async () => {
    const pacer = createMailPacer(GAP);
    pacer.setBusy(true);
    const starts: number[] = [];
    const lane = async () => {
      for (let i = 0; i < 2; i++) {
        starts.push(await pacer.turn());
      }
    };
    await Promise.all(Array.from({ length: 5 }, lane));
    expect(starts).toHaveLength(10);
    starts.sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(GAP);
    }
  });

  it("when the request thread is calm again, every waiting send goes at once", async () => {
    const pacer = createMailPacer(10_000);
    pacer.setBusy(true);
    await pacer.turn(); // The first of a burst goes at once, the next waits 10 s.
    const waiting = Array.from({ length: 3 }, () => pacer.turn());
    const calmAt = performance.now();
    setTimeout(() => pacer.setBusy(false), 20);
    await Promise.all(waiting);
    expect(performance.now() - calmAt).toBeLessThan(1000);
  });

  it("refuses a gap that is not a positive number of milliseconds (0, -5, NaN, Infinity)", () => {
    for (const gap of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createMailPacer(gap)).toThrow("the gap between sends must be a positive number of ms");
    }
  });
});
