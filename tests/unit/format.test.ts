import { describe, expect, it } from "vitest";
import { formatCount, formatDayMonthYear, formatMonthDayYear } from "~/lib/format";
import { tooLong } from "~/forms/messages";

// The pages print these without Intl (it costs a phone 25–30 ms the first time); they
// must read exactly as Intl's long dates did.
const enIN = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const enUS = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Every day of 2024 (a leap year) and the first of each month 1999–2030. */
function sampleDays(): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  for (let year = 1999; year <= 2030; year++)
    for (let month = 1; month <= 12; month++) days.push(`${year}-${String(month).padStart(2, "0")}-01`);
  return days;
}

describe("long dates without Intl", () => {
  it("match en-IN's long date for every sampled day", () => {
    for (const day of sampleDays()) expect(formatDayMonthYear(day), day).toBe(enIN.format(new Date(day)));
  });

  it("match en-US's long date for every sampled day", () => {
    for (const day of sampleDays())
      expect(formatMonthDayYear(day), day).toBe(enUS.format(new Date(`${day}T00:00:00Z`)));
  });

  it("read a full timestamp in UTC, as the Intl formatters did", () => {
    expect(formatDayMonthYear("2026-11-23T23:30:00Z")).toBe("23 November 2026");
    expect(formatMonthDayYear("2026-03-01T00:00:00.000Z")).toBe("March 1, 2026");
  });

  it.each(["", "soon", "2026-13-01", "2026-02-30x"])("refuse %j with a clear error", (bad) => {
    expect(() => formatDayMonthYear(bad)).toThrow(`Not a date: "${bad}"`);
  });
});

describe("counts without Intl", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [100, "100"],
    [999, "999"],
    [1000, "1,000"],
    [5000, "5,000"],
    [12345, "12,345"],
    [1234567, "1,234,567"],
    [-4200, "-4,200"],
  ])("%d reads %s, as en-US writes it", (count, text) => {
    expect(formatCount(count)).toBe(text);
    expect(formatCount(count)).toBe(count.toLocaleString("en-US"));
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses %d", (bad) => {
    expect(() => formatCount(bad)).toThrow("Not a whole number");
  });

  it("gives the forms' length messages their separators", () => {
    expect(tooLong("Message", 5000)).toBe("Message must be at most 5,000 characters.");
  });
});
