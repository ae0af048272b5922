/**
 * What the mail code needs to know. The server's env module builds it from environment
 * variables; this file stays a plain type so the mail code has no opinion on where the
 * values come from (tests build it by hand).
 */
export interface MailConfig {
  /** `file` (default): RFC 822 files in `outboxDir`; `smtp`: deliver through `smtpUrl`. */
  transport: "file" | "smtp";
  /** Where the file transport writes its `.eml` files (created if missing). */
  outboxDir: string;
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; required for `smtp`. */
  smtpUrl?: string;
  /** The sender of every mail, e.g. { name: "Blueberry Semiconductors website", address: "noreply@…" }. */
  from: { name: string; address: string };
  /** Where the company receives contact messages and job applications. */
  companyInbox: { contact: string; careers: string };
  /** The site's absolute origin, e.g. https://www.blueberrysemiconductors.com (links in mail). */
  siteUrl: string;
}
