/**
 * How the server thread tells it is busy with visitors (server/mail/request-load.ts): the
 * share of each interval this thread spent working, measured for real while the test keeps
 * it working (a spin loop that yields between slices) or leaves it idle.
 */
import { afterEach, describe, expect, it } from "vitest";
import { watchRequestLoad } from "../../server/mail/request-load.ts";

const INTERVAL = 50;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Keeps this thread working `share` of the time for `ms`, yielding to events in between. */
async function work(ms: number, share: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const sliceEnd = performance.now() + 10 * share;
    while (performance.now() < sliceEnd) {
      // Spin: this is the work.
    }
    if (share < 1) await sleep(10 * (1 - share));
    else await nextTurn();
  }
}

let stop = () => {};
afterEach(() => stop());

describe("the request thread's load", () => {
  it("turns busy while the thread works nearly all the time, and calm once it idles again", async () => {
    const changes: boolean[] = [];
    stop = watchRequestLoad((busy) => changes.push(busy), { intervalMs: INTERVAL }).stop;
    await work(8 * INTERVAL, 1);
    expect(changes).toEqual([true]);
    await sleep(6 * INTERVAL);
    expect(changes).toEqual([true, false]);
  });

  it("stays calm while the thread works a little (a tenth of the time)", async () => {
    // Longer intervals than the busy test: on a busy machine (the whole suite on two slow
    // cores) a preemption in the middle of a 1 ms slice of work counts as working; over half
    // a second such stalls do not add up to the 60 % that means busy.
    const interval = 10 * INTERVAL;
    const changes: boolean[] = [];
    stop = watchRequestLoad((busy) => changes.push(busy), { intervalMs: interval }).stop;
    await work(6 * interval, 0.1);
    expect(changes).toEqual([]);
  });

  it("refuses lines that cannot work: calm above busy, zero, above one", () => {
    for (const options of [{ busyFrom: 0.3, calmBelow: 0.6 }, { calmBelow: 0 }, { busyFrom: 1.5 }]) {
      expect(() => watchRequestLoad(() => {}, options)).toThrow(
        "the request load needs 0 < calmBelow <= busyFrom <= 1",
      );
    }
  });
});
