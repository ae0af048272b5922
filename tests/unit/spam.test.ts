/** The minimum fill time both builds apply (app/forms/spam.ts): the browser's measured fillMs, never a clock. */
import { describe, expect, it } from "vitest";
import { tooFast } from "~/forms/spam";

const form = (fillMs?: string) => {
  const data = new FormData();
  if (fillMs !== undefined) data.set("fillMs", fillMs);
  return data;
};

describe("tooFast (minimum 3,000 ms)", () => {
  it.each(["0", "1", "2999", "-5", "-1e9", "2999.9"])("fillMs %j is too fast", (fillMs) => {
    expect(tooFast(form(fillMs), 3000)).toBe(true);
  });

  it.each(["3000", "45000", "1e12", "Infinity"])("fillMs %j is a person's pace", (fillMs) => {
    expect(tooFast(form(fillMs), 3000)).toBe(false);
  });

  it.each([undefined, "", " ", "abc", "NaN", "12abc"])(
    "fillMs %j is untimed (no JavaScript, or not a time): not refused",
    (fillMs) => {
      expect(tooFast(form(fillMs), 3000)).toBe(false);
    },
  );

  it("reads no clock: the same form is judged the same at any time of day", () => {
    const data = form("20000");
    data.set("startedAt", String(Date.now() + 120_000));
    expect(tooFast(data, 3000)).toBe(false);
  });
});
