/**
 * Dates and counts as the pages print them, written out by hand rather than with Intl.
 *
 * The first Intl formatter a page creates makes V8 load ICU's locale data: 25–30 ms on
 * one task under Lighthouse's phone, which counted against the page's Total Blocking
 * Time. The output is the same as en-IN's and en-US's long dates and en-US's
 * grouped numbers, which tests/unit/format.test.ts checks against Intl itself.
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

interface CalendarDate {
  day: number;
  month: (typeof MONTHS)[number];
  year: number;
}

/** A date ("2026-11-23") or timestamp, read in UTC, as content and the database hold them. */
function calendarDate(value: string): CalendarDate {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  const month = MONTHS[date.getUTCMonth()];
  if (Number.isNaN(date.getTime()) || !month) throw new RangeError(`Not a date: "${value}"`);
  return { day: date.getUTCDate(), month, year: date.getUTCFullYear() };
}

/** "23 November 2026", as en-IN writes a long date: job postings, press, the privacy notice. */
export function formatDayMonthYear(value: string): string {
  const { day, month, year } = calendarDate(value);
  return `${day} ${month} ${year}`;
}

/** "November 23, 2026", as en-US writes a long date: the case studies' datelines. */
export function formatMonthDayYear(value: string): string {
  const { day, month, year } = calendarDate(value);
  return `${month} ${day}, ${year}`;
}

/** 12345 → "12,345": the counts in the forms' messages. */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole number: ${count}`);
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ",");
  return count < 0 ? `-${digits}` : digits;
}

/** "1–15" (an en dash, as ranges are typeset), an opening's years of experience. */
export function formatYearsRange({ min, max }: { min: number; max: number }): string {
  return `${min}–${max}`;
}
