/**
 * Configuration from environment variables, validated once at start-up. A wrong value
 * stops the server with a message naming the variable; every variable is listed with
 * its default in .env.example. Nothing here reaches the browser.
 */
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive();

const origins = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .url({ protocol: /^https?$/, error: "each entry must be an origin such as https://www.example.com" })
        .transform((u) => new URL(u).origin.toLowerCase()),
    ),
  );

const email = z.email({ error: "must be an e-mail address" });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(65535, "must be at most 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional(),
  BUILD_DIR: z.string().trim().min(1).default("build"),

  /** Where the SQLite file and the file outbox live. */
  DATA_DIR: z.string().trim().min(1).default("data"),
  /** postgres://… to keep submissions in PostgreSQL instead of the SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),

  /** smtp:// or smtps:// (with credentials) to send mail; otherwise .eml files in DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: email.default("website@blueberrysemiconductors.com"),
  MAIL_FROM_NAME: z.string().trim().min(1).default("Blueberry Semiconductors website"),
  MAIL_TO_CONTACT: email.default("business@blueberrysemiconductors.com"),
  MAIL_TO_CAREERS: email.default("careers@blueberrysemiconductors.com"),
  /** Undelivered mail older than this is reported as an error. */
  MAIL_ALERT_AFTER_MINUTES: positiveInt("MAIL_ALERT_AFTER_MINUTES").default(60),
  OUTBOX_POLL_SECONDS: positiveInt("OUTBOX_POLL_SECONDS").default(15),

  /** true when a proxy in front of the server sets X-Forwarded-For/-Proto/-Host. */
  TRUST_PROXY: bool.default(false),
  /** Extra origins allowed to post the forms (comma-separated), e.g. the public https origin. */
  ALLOWED_ORIGINS: origins.default([]),
  RATE_LIMIT_MAX_POSTS: positiveInt("RATE_LIMIT_MAX_POSTS").default(10),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt("RATE_LIMIT_WINDOW_SECONDS").default(600),
  /** Forms sent faster than this after first use are refused as automated. */
  MIN_FILL_SECONDS: z.coerce.number().min(0).default(3),

  RETENTION_CONTACT_DAYS: positiveInt("RETENTION_CONTACT_DAYS").default(365),
  RETENTION_APPLICATION_DAYS: positiveInt("RETENTION_APPLICATION_DAYS").default(180),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}
