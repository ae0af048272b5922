/**
 * The day a build counts as today: an opening whose `validThrough` has passed, or that is
 * marked `closed`, leaves the site at the next build. `BUILD_DATE` (YYYY-MM-DD) sets it;
 * without it, it is the date in Bengaluru, where the company is, when the build runs.
 * The tests pin it, so the suite does not change with the calendar. The build fixes it into
 * the server bundle (vite.config.ts): a server started on a later day serves what was built.
 *
 * Imported by code that Node runs unbundled (scripts/): relative imports only.
 */
import { z } from "zod";
import { SettingsError } from "./settings.ts";

const COMPANY_TIME_ZONE = "Asia/Kolkata";

/** A moment's date in the company's time zone, YYYY-MM-DD. */
export function companyDate(moment: Date): string {
  // The en-CA locale writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: COMPANY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(moment);
}

/** BUILD_DATE, or today in the company's time zone; an empty variable counts as unset. */
export function readBuildDate(env: Record<string, string | undefined> = process.env, now = new Date()): string {
  const value = env.BUILD_DATE;
  if (!value) return companyDate(now);
  if (!z.iso.date().safeParse(value).success) {
    throw new SettingsError(
      `Invalid settings:\n  BUILD_DATE: must be a date written YYYY-MM-DD (the day the build counts as today), not "${value}"`,
    );
  }
  return value;
}

/** Whether an opening takes applications on `today`: not marked closed, and its last day not passed. */
export function isOpen(opening: { closed?: boolean; validThrough: string }, today: string): boolean {
  return opening.closed !== true && today <= opening.validThrough;
}
