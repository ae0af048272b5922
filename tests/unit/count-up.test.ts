import { describe, expect, it } from "vitest";
import { COUNT_UP_DURATION_MS, nextCount, tickInterval } from "~/lib/count-up";

/** Every value a counter shows, from 0 to the target. */
function sequence(target: number): number[] {
  const shown = [0];
  while ((shown.at(-1) ?? 0) < target) shown.push(nextCount(shown.at(-1) ?? 0, target));
  return shown;
}

describe("business metric counter", () => {
  it.each([7, 50, 120, 100])("counts from 0 to %i in steps of 1", (target) => {
    const shown = sequence(target);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(target);
    expect(shown).toHaveLength(target + 1);
    expect(shown.every((v, i) => i === 0 || v - (shown[i - 1] ?? 0) === 1)).toBe(true);
  });

  it("never passes its target", () => {
    expect(nextCount(7, 7)).toBe(7);
  });

  it.each([7, 50, 120, 100])("ticks every 4000 ms / %i, so the whole count takes about four seconds", (target) => {
    expect(tickInterval(target)).toBeCloseTo(4000 / target);
    expect(tickInterval(target) * target).toBeCloseTo(COUNT_UP_DURATION_MS);
  });
});
