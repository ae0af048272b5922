/** The mail settings from the validated environment. */
import { join } from "node:path";
import { site } from "../app/content/site.ts";
import type { Env } from "./env.ts";
import type { MailConfig } from "./mail/config.ts";

export function mailConfigFrom(env: Env): MailConfig {
  return {
    transport: env.SMTP_URL ? "smtp" : "file",
    outboxDir: join(env.DATA_DIR, "outbox"),
    smtpUrl: env.SMTP_URL,
    from: { name: env.MAIL_FROM_NAME, address: env.MAIL_FROM },
    companyInbox: { contact: env.MAIL_TO_CONTACT, careers: env.MAIL_TO_CAREERS },
    siteUrl: (env.SITE_URL ?? site.defaultUrl).replace(/\/+$/, ""),
  };
}
