/**
 * The defaults of the build-time settings, as plain values: browser code may import this
 * file (it carries no validation code); common/settings.ts validates the settings.
 */

/** The public address when SITE_URL is not set. */
export const DEFAULT_SITE_URL = "https://www.blueberrysemiconductors.com";

/** Days a submission is kept when RETENTION_CONTACT_DAYS / RETENTION_APPLICATION_DAYS are not set. */
export const DEFAULT_RETENTION_DAYS = { contact: 365, application: 180 } as const;
