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
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail.example.com"],
    ["SITE_URL", "not a url"],
    ["TRUST_PROXY", "maybe"],
    ["ALLOWED_ORIGINS", "example.com"],
    ["MAIL_TO_CAREERS", "careers"],
    ["RATE_LIMIT_MAX_POSTS", "-1"],
    ["RETENTION_APPLICATION_DAYS", "0"],
  ])("refuses %s=%j with a message naming it", (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrow(EnvError);
    expect(() => readEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
