/**
 * How long submissions are kept, in days: RETENTION_CONTACT_DAYS (default 365) and
 * RETENTION_APPLICATION_DAYS (default 180). Read by the purge, the server and the
 * privacy notice, so what the notice promises is what the purge does.
 */
export const DEFAULT_RETENTION_DAYS = { contact: 365, application: 180 } as const;

function days(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`must be a whole number of days, at least 1 (got "${value}")`);
  return n;
}

export function retentionDays(env: NodeJS.ProcessEnv = process.env) {
  return {
    contact: days(env.RETENTION_CONTACT_DAYS, DEFAULT_RETENTION_DAYS.contact),
    application: days(env.RETENTION_APPLICATION_DAYS, DEFAULT_RETENTION_DAYS.application),
  };
}
