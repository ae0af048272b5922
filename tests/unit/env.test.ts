/** The server refuses to start on a wrong setting and names it. */
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../server/env.ts";

describe("environment", () => {
  it("has working defaults for a fresh machine: SQLite, file outbox, port 3000", () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("data");
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.RETENTION_CONTACT_DAYS).toBe(365);
    expect(env.RETENTION_APPLICATION_DAYS).toBe(180);
    expect(env.MAIL_TRANSPORT).toBe("file");
    expect(env.EMAILJS_API_ORIGIN).toBe("https://api.emailjs.com");
    expect(env.LINK_SECRET).toBeUndefined();
    expect(env.CV_LINK_DAYS).toBe(30);
    expect(env.OUTBOX_RETRY_SECONDS).toBe(30);
    expect(env.METRICS_PORT).toBe(9464);
    expect(env.METRICS_HOST).toBe("127.0.0.1");
  });

  it("turns metrics off with METRICS_PORT=0", () => {
    expect(readEnv({ METRICS_PORT: "0" }).METRICS_PORT).toBe(0);
  });

  it("treats an empty variable as unset", () => {
    expect(readEnv({ PORT: "" }).PORT).toBe(3000);
  });

  it("reads lists and flags", () => {
    const env = readEnv({ TRUST_PROXY: "true", ALLOWED_ORIGINS: "https://www.example.com, https://example.com/" });
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.ALLOWED_ORIGINS).toEqual(["https://www.example.com", "https://example.com"]);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["METRICS_PORT", "-1"],
    ["METRICS_PORT", "70000"],
    ["METRICS_PORT", "9464.5"],
    ["METRICS_PORT", "metrics"],
    ["METRICS_HOST", "not a host"],
    ["METRICS_HOST", "127.0.0.1:9464"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail.example.com"],
    ["SITE_URL", "not a url"],
    ["TRUST_PROXY", "maybe"],
    ["ALLOWED_ORIGINS", "example.com"],
    ["MAIL_TO_CAREERS", "careers"],
    ["RATE_LIMIT_MAX_POSTS", "-1"],
    ["RETENTION_APPLICATION_DAYS", "0"],
    ["MAIL_TRANSPORT", "sendgrid"],
    ["MAIL_TRANSPORT", "SMTP"],
    ["EMAILJS_API_ORIGIN", "api.emailjs.com"],
    ["EMAILJS_API_ORIGIN", "ftp://api.emailjs.com"],
    ["EMAILJS_API_ORIGIN", "https://api.emailjs.com/api/v1.0"],
    ["EMAILJS_API_ORIGIN", "https://api.emailjs.com?x=1"],
    ["EMAILJS_API_ORIGIN", "https://user:pw@api.emailjs.com"],
    ["EMAILJS_PUBLIC_KEY", "abc def"],
    ["EMAILJS_PRIVATE_KEY", '"quoted-key"'],
    ["EMAILJS_SERVICE_ID", "service id"],
    ["EMAILJS_CONTACT_TEMPLATE", "template\tx"],
    ["EMAILJS_APPLICATION_TEMPLATE", "'template_x'"],
    ["EMAILJS_CONFIRMATION_TEMPLATE", "tmpl ü"],
    ["LINK_SECRET", "x".repeat(31)],
    ["LINK_SECRET", "short"],
    ["CV_LINK_DAYS", "0"],
    ["CV_LINK_DAYS", "1.5"],
    ["CV_LINK_DAYS", "366"],
    ["CV_LINK_DAYS", "thirty"],
    ["OUTBOX_RETRY_SECONDS", "0"],
    ["OUTBOX_RETRY_SECONDS", "3601"],
    ["OUTBOX_RETRY_SECONDS", "-5"],
    ["DATABASE_STATEMENT_TIMEOUT_SECONDS", "0"],
    ["DATABASE_STATEMENT_TIMEOUT_SECONDS", "two"],
    ["DATABASE_STATEMENT_TIMEOUT_SECONDS", "61"],
    ["DATABASE_ACQUIRE_TIMEOUT_SECONDS", "-1"],
    ["DATABASE_START_TIMEOUT_SECONDS", "-1"],
    ["DATABASE_START_TIMEOUT_SECONDS", "a minute"],
  ])("refuses %s=%j with a message naming it", (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrow(EnvError);
    expect(() => readEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

const EMAILJS = {
  MAIL_TRANSPORT: "emailjs",
  EMAILJS_PUBLIC_KEY: "pUbLiC-key_123",
  EMAILJS_PRIVATE_KEY: "pRiVaTe-key_456",
  EMAILJS_SERVICE_ID: "service_blueberry",
  EMAILJS_CONTACT_TEMPLATE: "template_contact",
  EMAILJS_APPLICATION_TEMPLATE: "template_apply",
  EMAILJS_CONFIRMATION_TEMPLATE: "template_confirm",
};

/** The lines of an EnvError's message, or [] when the environment is accepted. */
function problems(source: Record<string, string>): string[] {
  try {
    readEnv(source);
    return [];
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    return error.message.split("\n").slice(1);
  }
}

describe("the mail transport", () => {
  it("is smtp when SMTP_URL is set and MAIL_TRANSPORT is not, file otherwise (as before)", () => {
    expect(readEnv({ SMTP_URL: "smtp://mail.example.com" }).MAIL_TRANSPORT).toBe("smtp");
    expect(readEnv({}).MAIL_TRANSPORT).toBe("file");
    // Chosen explicitly, it wins over SMTP_URL.
    expect(readEnv({ SMTP_URL: "smtp://mail.example.com", MAIL_TRANSPORT: "file" }).MAIL_TRANSPORT).toBe("file");
  });

  it("MAIL_TRANSPORT=smtp without SMTP_URL is one error naming both", () => {
    expect(problems({ MAIL_TRANSPORT: "smtp" })).toEqual([
      "  SMTP_URL: must be set when MAIL_TRANSPORT=smtp (or choose MAIL_TRANSPORT=file or emailjs)",
    ]);
    expect(problems({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://mail.example.com" })).toEqual([]);
  });

  it("emailjs with all six settings is accepted, with the API origin normalised", () => {
    const env = readEnv({ ...EMAILJS, EMAILJS_API_ORIGIN: "http://127.0.0.1:4010/" });
    expect(env.MAIL_TRANSPORT).toBe("emailjs");
    expect(env.EMAILJS_API_ORIGIN).toBe("http://127.0.0.1:4010");
    expect(env.EMAILJS_PRIVATE_KEY).toBe("pRiVaTe-key_456");
  });

  it.each(Object.keys(EMAILJS).filter((k) => k !== "MAIL_TRANSPORT"))(
    "emailjs without %s: one error naming it and nothing else",
    (name) => {
      const source: Record<string, string> = { ...EMAILJS };
      delete source[name];
      expect(problems(source)).toEqual([`  ${name}: must be set when MAIL_TRANSPORT=emailjs`]);
    },
  );

  it("emailjs with none of its settings names all six, one line each, together with other mistakes", () => {
    const lines = problems({ MAIL_TRANSPORT: "emailjs", PORT: "abc" });
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^ {2}PORT: /);
    for (const name of Object.keys(EMAILJS).filter((k) => k !== "MAIL_TRANSPORT"))
      expect(lines).toContain(`  ${name}: must be set when MAIL_TRANSPORT=emailjs`);
  });

  it("the EmailJS settings are not required by the other transports", () => {
    expect(problems({ MAIL_TRANSPORT: "file" })).toEqual([]);
    expect(problems({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtps://u:p@mail.example.com:465" })).toEqual([]);
  });
});

describe("CV links and retries", () => {
  it("accept a LINK_SECRET of 32 characters or more, and other link and retry settings", () => {
    const env = readEnv({ LINK_SECRET: "x".repeat(32), CV_LINK_DAYS: "7", OUTBOX_RETRY_SECONDS: "1" });
    expect(env.LINK_SECRET).toBe("x".repeat(32));
    expect(env.CV_LINK_DAYS).toBe(7);
    expect(env.OUTBOX_RETRY_SECONDS).toBe(1);
  });

  it("a short LINK_SECRET says how long it must be", () => {
    expect(problems({ LINK_SECRET: "tooshort" })).toEqual([
      "  LINK_SECRET: must be at least 32 characters (e.g. openssl rand -base64 48)",
    ]);
  });
});

describe("database time limits", () => {
  it("default to 2 s per statement and per connection wait, and a minute to reach the database at start", () => {
    const env = readEnv({});
    expect(env.DATABASE_STATEMENT_TIMEOUT_SECONDS).toBe(2);
    expect(env.DATABASE_ACQUIRE_TIMEOUT_SECONDS).toBe(2);
    expect(env.DATABASE_START_TIMEOUT_SECONDS).toBe(60);
  });

  it("take fractions of a second, and 0 for one start attempt", () => {
    const env = readEnv({
      DATABASE_STATEMENT_TIMEOUT_SECONDS: "0.5",
      DATABASE_ACQUIRE_TIMEOUT_SECONDS: "1.5",
      DATABASE_START_TIMEOUT_SECONDS: "0",
    });
    expect(env.DATABASE_STATEMENT_TIMEOUT_SECONDS).toBe(0.5);
    expect(env.DATABASE_ACQUIRE_TIMEOUT_SECONDS).toBe(1.5);
    expect(env.DATABASE_START_TIMEOUT_SECONDS).toBe(0);
  });
});

describe("the editor's sign-in with GitHub (docs/decisions/0052)", () => {
  const APP = {
    CMS_OAUTH_CLIENT_ID: "Ov23liAbCdEf12345678",
    CMS_OAUTH_CLIENT_SECRET: "0123456789abcdef0123456789abcdef01234567",
  };

  it("is off by default, with GitHub's own host and a 10 s deadline for the token exchange", () => {
    const env = readEnv({});
    expect(env.CMS_OAUTH_CLIENT_ID).toBeUndefined();
    expect(env.CMS_OAUTH_CLIENT_SECRET).toBeUndefined();
    expect(env.CMS_OAUTH_HOST).toBe("https://github.com");
    expect(env.CMS_OAUTH_TIMEOUT_SECONDS).toBe(10);
  });

  it("takes the OAuth app's client id and secret together, another host as its origin, a deadline in seconds", () => {
    const env = readEnv({ ...APP, CMS_OAUTH_HOST: "http://127.0.0.1:4000/", CMS_OAUTH_TIMEOUT_SECONDS: "2.5" });
    expect([env.CMS_OAUTH_CLIENT_ID, env.CMS_OAUTH_CLIENT_SECRET]).toEqual([
      APP.CMS_OAUTH_CLIENT_ID,
      APP.CMS_OAUTH_CLIENT_SECRET,
    ]);
    expect(env.CMS_OAUTH_HOST).toBe("http://127.0.0.1:4000");
    expect(env.CMS_OAUTH_TIMEOUT_SECONDS).toBe(2.5);
  });

  it.each([
    ["CMS_OAUTH_CLIENT_ID", "CMS_OAUTH_CLIENT_SECRET"],
    ["CMS_OAUTH_CLIENT_SECRET", "CMS_OAUTH_CLIENT_ID"],
  ] as const)("refuses %s without %s, naming the missing one and what to do", (given, missing) => {
    expect(problems({ [given]: APP[given] })).toEqual([
      `  ${missing}: must be set when ${given} is (both are on the GitHub OAuth app's page), or leave both unset for access tokens only`,
    ]);
  });

  it.each([
    ["CMS_OAUTH_CLIENT_ID", "my client id"],
    ["CMS_OAUTH_CLIENT_ID", '"Ov23li"'],
    ["CMS_OAUTH_CLIENT_SECRET", "secret with spaces inside"],
    ["CMS_OAUTH_CLIENT_SECRET", "'quoted-secret-value'"],
    ["CMS_OAUTH_CLIENT_SECRET", "short"],
    ["CMS_OAUTH_HOST", "github.com"],
    ["CMS_OAUTH_HOST", "https://github.com/login/oauth"],
    ["CMS_OAUTH_HOST", "https://user:pw@github.com"],
    ["CMS_OAUTH_HOST", "ftp://github.com"],
    ["CMS_OAUTH_TIMEOUT_SECONDS", "0"],
    ["CMS_OAUTH_TIMEOUT_SECONDS", "61"],
    ["CMS_OAUTH_TIMEOUT_SECONDS", "ten"],
  ])("refuses %s=%j with a message naming it (never a client id's or secret's value)", (name, value) => {
    const lines = problems({ ...APP, [name]: value });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.startsWith(`  ${name}: `))).toBe(true);
    if (name.startsWith("CMS_OAUTH_CLIENT_")) expect(lines.join("\n")).not.toContain(value);
  });
});
