/**
 * What the mail code needs to know (`MailConfig`), and `mailConfigFrom`, which builds it
 * from the validated environment. The rest of the mail code takes a `MailConfig` and has
 * no opinion on where its values come from (tests build one by hand).
 */
import { join } from "node:path";
import type { Env } from "../env.ts";

export interface MailConfig {
  /**
   * `file` (default): RFC 822 files in `outboxDir`; `smtp`: deliver through `smtpUrl`;
   * `emailjs`: EmailJS's REST API with the templates in `emailjs`.
   */
  transport: "file" | "smtp" | "emailjs";
  /** Where the file transport writes its `.eml` files (created if missing). */
  outboxDir: string;
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; required for `smtp`. */
  smtpUrl?: string;
  /** Required for `emailjs`. */
  emailjs?: EmailJsConfig;
  /** The sender of every mail, e.g. { name: "Blueberry Semiconductors website", address: "noreply@…" }. */
  from: { name: string; address: string };
  /** Where the company receives contact messages and job applications. */
  companyInbox: { contact: string; careers: string };
  /** The site's absolute origin, e.g. https://www.blueberrysemiconductors.com (links in mail). */
  siteUrl: string;
}

/** The three EmailJS templates, one per kind of mail (see compose.ts for their params). */
export type TemplateName = "contact" | "application" | "confirmation";

export interface EmailJsConfig {
  /** e.g. https://api.emailjs.com; the request goes to `<apiOrigin>/api/v1.0/email/send`. */
  apiOrigin: string;
  /** The account's public key (`user_id`) and private key (`accessToken`). */
  publicKey: string;
  privateKey: string;
  serviceId: string;
  /** The EmailJS template id of each kind of mail. */
  templates: Record<TemplateName, string>;
  /** How long one send may take before it counts as failed; default 20 s. */
  timeoutMs?: number;
}

/** The mail settings from the validated environment. */
export function mailConfigFrom(env: Env): MailConfig {
  return {
    transport: env.MAIL_TRANSPORT,
    outboxDir: join(env.DATA_DIR, "outbox"),
    smtpUrl: env.SMTP_URL,
    emailjs: env.MAIL_TRANSPORT === "emailjs" ? emailJsConfigFrom(env) : undefined,
    from: { name: env.MAIL_FROM_NAME, address: env.MAIL_FROM },
    companyInbox: { contact: env.MAIL_TO_CONTACT, careers: env.MAIL_TO_CAREERS },
    siteUrl: env.SITE_URL,
  };
}

function emailJsConfigFrom(env: Env): EmailJsConfig {
  // readEnv refuses MAIL_TRANSPORT=emailjs without all six; this only satisfies the types.
  const required = (name: keyof Env): string => {
    const value = env[name];
    if (typeof value !== "string" || value === "") throw new Error(`${name} must be set when MAIL_TRANSPORT=emailjs`);
    return value;
  };
  return {
    apiOrigin: env.EMAILJS_API_ORIGIN,
    publicKey: required("EMAILJS_PUBLIC_KEY"),
    privateKey: required("EMAILJS_PRIVATE_KEY"),
    serviceId: required("EMAILJS_SERVICE_ID"),
    templates: {
      contact: required("EMAILJS_CONTACT_TEMPLATE"),
      application: required("EMAILJS_APPLICATION_TEMPLATE"),
      confirmation: required("EMAILJS_CONFIRMATION_TEMPLATE"),
    },
  };
}
