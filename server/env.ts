/**
 * Configuration from environment variables, validated once at start-up. A wrong value
 * stops the server with a message naming the variable; every variable is listed with
 * its default in .env.example. Nothing here reaches the browser.
 */
import { isIP } from "node:net";
import { z } from "zod";
import {
  BUILD_SETTINGS_FIELDS,
  BUILD_SETTINGS_FILE,
  buildSettingsOf,
  readBuiltSettings,
  retentionMismatches,
  SettingsError,
} from "../common/settings.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive();

/** A duration in seconds, fractions allowed (0.5), more than 0 and at most `max`. */
const seconds = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number of seconds` })
    .positive("must be more than 0")
    .max(max, `must be at most ${max}`);

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

/** A value copied from the EmailJS dashboard: visible ASCII, no spaces or quotes. */
const emailJsId = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]+$/, "must be the value from the EmailJS dashboard, without spaces")
  .refine((v) => !/["'`]/.test(v), "must be the value from the EmailJS dashboard, without quotes")
  .optional();

/** scheme://host[:port] and nothing else: a path here would be silently dropped. */
function isHttpOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/" &&
    url.search === "" &&
    url.hash === "" &&
    !/[?#]/.test(value)
  );
}

export const MAIL_TRANSPORTS = ["file", "smtp", "emailjs"] as const;

/** Required when MAIL_TRANSPORT=emailjs; checked together in `readEnv`. */
export const EMAILJS_REQUIRED = [
  "EMAILJS_PUBLIC_KEY",
  "EMAILJS_PRIVATE_KEY",
  "EMAILJS_SERVICE_ID",
  "EMAILJS_CONTACT_TEMPLATE",
  "EMAILJS_APPLICATION_TEMPLATE",
  "EMAILJS_CONFIRMATION_TEMPLATE",
] as const;

/** The shortest LINK_SECRET accepted (server/signed-links.ts generates 43 characters). */
export const MIN_LINK_SECRET_LENGTH = 32;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(65535, "must be at most 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  /** The Prometheus metrics port (server/metrics.ts), apart from the site's; 0 turns metrics off. */
  METRICS_PORT: z.coerce
    .number({ error: "must be a port number (0 turns metrics off)" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or a port number")
    .max(65535, "must be at most 65535")
    .default(9464),
  /** Where the metrics port listens: loopback, so only this machine (or a sidecar) can scrape. */
  METRICS_HOST: z
    .string()
    .trim()
    .refine((v) => v === "localhost" || isIP(v) !== 0, "must be an IP address such as 127.0.0.1 (or localhost)")
    .default("127.0.0.1"),
  /** SITE_URL and the retention periods: one schema with the build (common/settings.ts). */
  ...BUILD_SETTINGS_FIELDS,
  BUILD_DIR: z.string().trim().min(1).default("build"),

  /** Where the SQLite file and the file outbox live. */
  DATA_DIR: z.string().trim().min(1).default("data"),
  /** postgres://… to keep submissions in PostgreSQL instead of the SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /**
   * The longest one database statement may run, a lock wait included, and the longest a
   * request waits for a connection. Past either the visitor sees the form's failure
   * message, with their input kept, instead of a page that hangs.
   */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds("DATABASE_STATEMENT_TIMEOUT_SECONDS", 60).default(2),
  DATABASE_ACQUIRE_TIMEOUT_SECONDS: seconds("DATABASE_ACQUIRE_TIMEOUT_SECONDS", 60).default(2),
  /** How long a starting server keeps trying to reach the database before it exits (0: once). */
  DATABASE_START_TIMEOUT_SECONDS: z.coerce
    .number({ error: "DATABASE_START_TIMEOUT_SECONDS must be a number" })
    .min(0, "must be 0 or more")
    .max(3600, "must be at most 3600 (1 h)")
    .default(60),

  /** smtp:// or smtps:// (with credentials) to send mail; otherwise .eml files in DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /**
   * How mail leaves: `file` (.eml files in DATA_DIR/outbox), `smtp` (SMTP_URL) or `emailjs`
   * (EmailJS's REST API). Unset: smtp when SMTP_URL is set, otherwise file.
   */
  MAIL_TRANSPORT: z.enum(MAIL_TRANSPORTS, { error: "must be file, smtp or emailjs" }).optional(),
  /** EmailJS account, service and templates; all six required when MAIL_TRANSPORT=emailjs. */
  EMAILJS_PUBLIC_KEY: emailJsId,
  EMAILJS_PRIVATE_KEY: emailJsId,
  EMAILJS_SERVICE_ID: emailJsId,
  EMAILJS_CONTACT_TEMPLATE: emailJsId,
  EMAILJS_APPLICATION_TEMPLATE: emailJsId,
  EMAILJS_CONFIRMATION_TEMPLATE: emailJsId,
  /** Where EmailJS's API answers; tests point it at a local stand-in. */
  EMAILJS_API_ORIGIN: z
    .string()
    .trim()
    .refine(isHttpOrigin, "must be an http(s) origin such as https://api.emailjs.com (no path, query or credentials)")
    .transform((v) => new URL(v).origin)
    .default("https://api.emailjs.com"),
  MAIL_FROM: email.default("website@blueberrysemiconductors.com"),
  MAIL_FROM_NAME: z.string().trim().min(1).default("Blueberry Semiconductors website"),
  MAIL_TO_CONTACT: email.default("business@blueberrysemiconductors.com"),
  MAIL_TO_CAREERS: email.default("careers@blueberrysemiconductors.com"),
  /** Undelivered mail older than this is reported as an error. */
  MAIL_ALERT_AFTER_MINUTES: positiveInt("MAIL_ALERT_AFTER_MINUTES").default(60),
  OUTBOX_POLL_SECONDS: positiveInt("OUTBOX_POLL_SECONDS").default(15),
  /** Mails one process sends at once (capped by the transport: SMTP's connections, EmailJS 2). */
  OUTBOX_CONCURRENCY: positiveInt("OUTBOX_CONCURRENCY").max(50, "must be at most 50").default(5),
  /** While delivery fails, how often to check whether it works again (then all waiting mail goes at once). */
  OUTBOX_PROBE_SECONDS: seconds("OUTBOX_PROBE_SECONDS", 300).default(2),
  /** SMTP connections kept open and reused, in parallel; lower it if the provider limits them. */
  SMTP_MAX_CONNECTIONS: positiveInt("SMTP_MAX_CONNECTIONS").max(50, "must be at most 50").default(5),
  /** The first retry of a failed mail; each further one waits twice as long, at most 1 h. */
  OUTBOX_RETRY_SECONDS: positiveInt("OUTBOX_RETRY_SECONDS").max(3600, "must be at most 3600 (1 h)").default(30),

  /**
   * The key that signs the CV links in EmailJS mail (server/signed-links.ts). Unset: one is
   * generated at first start and kept in the store, shared by every replica.
   */
  LINK_SECRET: z
    .string()
    .min(MIN_LINK_SECRET_LENGTH, `must be at least ${MIN_LINK_SECRET_LENGTH} characters (e.g. openssl rand -base64 48)`)
    .optional(),
  /** How long a CV link works after its mail is sent. */
  CV_LINK_DAYS: positiveInt("CV_LINK_DAYS").max(365, "must be at most 365").default(30),

  /**
   * Which headers a proxy in front of the server sets, so they are believed: true for
   * X-Forwarded-For/-Proto/-Host, `forwarded` for RFC 7239 Forwarded; false: none.
   */
  TRUST_PROXY: z.union([z.literal("forwarded"), bool], { error: "must be true, false or forwarded" }).default(false),
  /** Extra origins allowed to post the forms (comma-separated), e.g. the public https origin. */
  ALLOWED_ORIGINS: origins.default([]),
  /** Accepted submissions per client address and window. */
  RATE_LIMIT_MAX_POSTS: positiveInt("RATE_LIMIT_MAX_POSTS").default(10),
  /** Form posts of any outcome per client address and window; unset: 3 × RATE_LIMIT_MAX_POSTS. */
  RATE_LIMIT_MAX_ATTEMPTS: positiveInt("RATE_LIMIT_MAX_ATTEMPTS").optional(),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt("RATE_LIMIT_WINDOW_SECONDS").default(600),
  /**
   * Pages rendered per client address and minute, in each process: the answers that are
   * not a file (a form's landing page, a case study that does not exist). 0: no limit.
   */
  RATE_LIMIT_RENDERS_PER_MINUTE: z.coerce
    .number({ error: "RATE_LIMIT_RENDERS_PER_MINUTE must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (no limit) or more")
    .default(120),
  /** Forms sent faster than this after first use are refused as automated. */
  MIN_FILL_SECONDS: z.coerce.number().min(0).default(3),

  /**
   * The company's GitHub OAuth app, for editors who sign in to /admin/ with GitHub
   * (server/cms-sign-in.ts, docs/decisions/0052): both or neither; without them editors
   * sign in with access tokens. The secret stays in this process: never in a page, a
   * bundle, config.yml or the log.
   */
  CMS_OAUTH_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, "must be the Client ID shown on the GitHub OAuth app's page")
    .optional(),
  CMS_OAUTH_CLIENT_SECRET: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9._-]{8,200}$/,
      "must be the client secret generated on the GitHub OAuth app's page (letters and digits, no spaces or quotes)",
    )
    .optional(),
  /** Where GitHub's sign-in pages and token exchange are; the tests point it at a stand-in. */
  CMS_OAUTH_HOST: z
    .string()
    .trim()
    .refine(isHttpOrigin, "must be an http(s) origin such as https://github.com (no path, query or credentials)")
    .transform((v) => new URL(v).origin)
    .default("https://github.com"),
  /** The longest the server waits for GitHub to exchange a sign-in's code for a token. */
  CMS_OAUTH_TIMEOUT_SECONDS: seconds("CMS_OAUTH_TIMEOUT_SECONDS", 60).default(10),
});

const ResolvedEnvSchema = EnvSchema.transform((env) => ({
  ...env,
  MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? ("smtp" as const) : ("file" as const)),
  // Room for a few corrected mistakes per accepted submission.
  RATE_LIMIT_MAX_ATTEMPTS: env.RATE_LIMIT_MAX_ATTEMPTS ?? env.RATE_LIMIT_MAX_POSTS * 3,
}));

export type Env = z.infer<typeof ResolvedEnvSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = ResolvedEnvSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  // Checked on the raw values, so they are reported together with every other mistake.
  lines.push(...dependentProblems(cleaned).map(([name, message]) => `  ${name}: ${message}`));
  if (result.success && lines.length === 0) return result.data;
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

/** Variables that a chosen mail transport needs, and the OAuth app's two halves. */
function dependentProblems(env: Record<string, string | undefined>): [string, string][] {
  const problems: [string, string][] = [];
  const [id, secret] = [env.CMS_OAUTH_CLIENT_ID, env.CMS_OAUTH_CLIENT_SECRET];
  if ((id === undefined) !== (secret === undefined)) {
    const [missing, given] =
      id === undefined
        ? ["CMS_OAUTH_CLIENT_ID", "CMS_OAUTH_CLIENT_SECRET"]
        : ["CMS_OAUTH_CLIENT_SECRET", "CMS_OAUTH_CLIENT_ID"];
    problems.push([
      missing,
      `must be set when ${given} is (both are on the GitHub OAuth app's page), or leave both unset for access tokens only`,
    ]);
  }
  const transport = env.MAIL_TRANSPORT?.trim();
  if (transport === "smtp" && env.SMTP_URL === undefined) {
    problems.push(["SMTP_URL", "must be set when MAIL_TRANSPORT=smtp (or choose MAIL_TRANSPORT=file or emailjs)"]);
  }
  if (transport === "emailjs") {
    for (const name of EMAILJS_REQUIRED) {
      if (env[name] === undefined) problems.push([name, "must be set when MAIL_TRANSPORT=emailjs"]);
    }
  }
  return problems;
}

/**
 * Refuses retention periods other than those the built privacy notice states, so the
 * purge deletes when the notice says (docs/decisions/0010-build-settings-fixed-by-the-build.md).
 * `required`: a build that recorded no settings is refused too (the server); otherwise
 * there is no notice here to disagree with (the purge on a machine without a build).
 */
export function requireBuiltRetention(env: Env, { required }: { required: boolean }): void {
  let built: ReturnType<typeof readBuiltSettings>;
  try {
    built = readBuiltSettings(env.BUILD_DIR);
  } catch (error) {
    if (error instanceof SettingsError) throw new EnvError(`Invalid environment:\n  BUILD_DIR: ${error.message}`);
    throw error;
  }
  if (!built) {
    if (!required) return;
    throw new EnvError(
      `Invalid environment:\n  BUILD_DIR: ${env.BUILD_DIR}/${BUILD_SETTINGS_FILE} is missing; build the site again (npm run build).`,
    );
  }
  const problems = retentionMismatches(built, buildSettingsOf(env), env.BUILD_DIR);
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join("\n")}`);
}
