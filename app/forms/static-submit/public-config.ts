/**
 * The static build's public identifiers for EmailJS and Firebase Storage. They end up in
 * every visitor's browser, by design: they name the services, they are not secrets
 * (README, "Static build"). The build validates them (vite.config.ts) and fails naming
 * each one that is missing or malformed; the browser code reads the validated object.
 *
 * By default the forms talk to the real services. Two test-only settings send them to
 * local stand-ins instead (tests/support/stand-ins), and the build says so when they are set.
 */
import * as z from "zod/mini";

const id = (what: string) =>
  z
    .string({ error: `is missing: set it to ${what}` })
    .check(
      z.trim(),
      z.minLength(1, `is empty: set it to ${what}`),
      z.regex(/^[\w.:@/-]+$/, "may hold only letters, digits and . _ - : @ /"),
    );

const origin = z.string().check(
  z.trim(),
  z.refine((v) => /^https?:\/\/[^/]+$/.test(v), "must be an origin like http://127.0.0.1:4400 (no path)"),
);

const hostAndPort = z.string().check(
  z.trim(),
  z.refine((v) => /^[\w.-]+:\d{1,5}$/.test(v), "must be host:port, like 127.0.0.1:9199"),
);

const publicConfigSchema = z.object({
  PUBLIC_EMAILJS_PUBLIC_KEY: id("the EmailJS account's public key (Account → General)"),
  PUBLIC_EMAILJS_SERVICE_ID: id("the EmailJS service id (Email Services)"),
  PUBLIC_EMAILJS_CONTACT_TEMPLATE: id("the EmailJS template id for contact messages"),
  PUBLIC_EMAILJS_APPLICATION_TEMPLATE: id("the EmailJS template id for job applications"),
  PUBLIC_FIREBASE_API_KEY: id("the Firebase web app's apiKey"),
  PUBLIC_FIREBASE_AUTH_DOMAIN: id("the Firebase web app's authDomain"),
  PUBLIC_FIREBASE_PROJECT_ID: id("the Firebase project id"),
  PUBLIC_FIREBASE_STORAGE_BUCKET: id("the Firebase storage bucket, e.g. my-project.appspot.com"),
  PUBLIC_FIREBASE_APP_ID: id("the Firebase web app's appId"),
  /** A form sent faster than this after first use is probably a script (the server's MIN_FILL_SECONDS). */
  PUBLIC_MIN_FILL_SECONDS: z._default(
    z.pipe(
      z.string(),
      z.transform((v, ctx) => {
        const n = Number(v);
        if (v.trim() === "" || !Number.isFinite(n) || n < 0) {
          ctx.issues.push({ code: "custom", message: "must be a number of seconds, 0 or more", input: v });
          return z.NEVER;
        }
        return n;
      }),
    ),
    3,
  ),
  /** Test only: EmailJS's API origin (a local stand-in). */
  PUBLIC_TEST_EMAILJS_ORIGIN: z.optional(origin),
  /** Test only: a Storage emulator host:port (a local stand-in). */
  PUBLIC_TEST_STORAGE_EMULATOR: z.optional(hostAndPort),
});

export type PublicConfig = z.output<typeof publicConfigSchema>;

const PUBLIC_CONFIG_KEYS = Object.keys(publicConfigSchema.shape) as (keyof PublicConfig)[];

const OPTIONAL_KEYS = new Set([
  "PUBLIC_MIN_FILL_SECONDS",
  "PUBLIC_TEST_EMAILJS_ORIGIN",
  "PUBLIC_TEST_STORAGE_EMULATOR",
]);

export class PublicConfigError extends Error {}

/** The validated identifiers from `env`, or a PublicConfigError naming every bad one. */
export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig {
  const picked: Record<string, string | undefined> = {};
  for (const key of PUBLIC_CONFIG_KEYS) {
    const value = env[key];
    // An empty test-only setting means "not set".
    picked[key] = value === "" && OPTIONAL_KEYS.has(key) ? undefined : value;
  }
  const parsed = publicConfigSchema.safeParse(picked);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])} ${issue.message}`);
  throw new PublicConfigError(
    `The static build needs the public EmailJS and Firebase identifiers (see .env.example):\n${lines.join("\n")}`,
  );
}

/** Where the browser sends: the real services, or the test-only stand-ins. */
export function serviceOrigins(config: PublicConfig): { emailjs: string; storage: string } {
  return {
    emailjs: config.PUBLIC_TEST_EMAILJS_ORIGIN ?? "https://api.emailjs.com",
    storage: config.PUBLIC_TEST_STORAGE_EMULATOR
      ? `http://${config.PUBLIC_TEST_STORAGE_EMULATOR}`
      : "https://firebasestorage.googleapis.com",
  };
}
