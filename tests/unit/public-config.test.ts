/**
 * The static build's public identifiers: validated when the build starts, every missing
 * or malformed one named, test-only settings optional.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PublicConfigError, readPublicConfig, serviceOrigins } from "~/forms/static-submit/public-config";

const complete = {
  PUBLIC_EMAILJS_PUBLIC_KEY: "pk_live_1234",
  PUBLIC_EMAILJS_SERVICE_ID: "service_abc",
  PUBLIC_EMAILJS_CONTACT_TEMPLATE: "template_contact",
  PUBLIC_EMAILJS_APPLICATION_TEMPLATE: "template_apply",
  PUBLIC_FIREBASE_API_KEY: "AIzaSyExample",
  PUBLIC_FIREBASE_AUTH_DOMAIN: "blueberry-site.firebaseapp.com",
  PUBLIC_FIREBASE_PROJECT_ID: "blueberry-site",
  PUBLIC_FIREBASE_STORAGE_BUCKET: "blueberry-site.appspot.com",
  PUBLIC_FIREBASE_APP_ID: "1:1234:web:abcd",
};
const REQUIRED = Object.keys(complete);

function errorOf(env: Record<string, string | undefined>): string {
  try {
    readPublicConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(PublicConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("static build configuration", () => {
  it("accepts the nine identifiers and talks to the real services by default", () => {
    const config = readPublicConfig(complete);
    expect(config.PUBLIC_MIN_FILL_SECONDS).toBe(3);
    expect(serviceOrigins(config)).toEqual({
      emailjs: "https://api.emailjs.com",
      storage: "https://firebasestorage.googleapis.com",
    });
  });

  it("names every one of the nine when none is set", () => {
    const message = errorOf({});
    for (const key of REQUIRED) expect(message).toContain(`${key} is missing`);
  });

  it.each(REQUIRED)("names %s alone when only it is missing, or empty", (key) => {
    const missing = errorOf({ ...complete, [key]: undefined });
    expect(missing).toContain(`${key} is missing`);
    expect(missing.split("\n").filter((line) => line.startsWith("  "))).toHaveLength(1);
    expect(errorOf({ ...complete, [key]: "   " })).toContain(`${key} is empty`);
  });

  it.each([
    ["a quote", 'pk"1'],
    ["a space inside", "pk 1"],
    ["a semicolon", "pk;1"],
  ])("refuses an identifier with %s", (_what, value) => {
    expect(errorOf({ ...complete, PUBLIC_EMAILJS_PUBLIC_KEY: value })).toContain(
      "PUBLIC_EMAILJS_PUBLIC_KEY may hold only",
    );
  });

  it("sends to the stand-ins only through the test-only settings, and checks their shape", () => {
    const config = readPublicConfig({
      ...complete,
      PUBLIC_TEST_EMAILJS_ORIGIN: "http://127.0.0.1:3127",
      PUBLIC_TEST_STORAGE_EMULATOR: "127.0.0.1:3128",
      PUBLIC_MIN_FILL_SECONDS: "0",
    });
    expect(serviceOrigins(config)).toEqual({ emailjs: "http://127.0.0.1:3127", storage: "http://127.0.0.1:3128" });
    expect(config.PUBLIC_MIN_FILL_SECONDS).toBe(0);
    expect(errorOf({ ...complete, PUBLIC_TEST_EMAILJS_ORIGIN: "http://127.0.0.1:3127/api" })).toContain(
      "PUBLIC_TEST_EMAILJS_ORIGIN must be an origin",
    );
    expect(errorOf({ ...complete, PUBLIC_TEST_STORAGE_EMULATOR: "127.0.0.1" })).toContain(
      "PUBLIC_TEST_STORAGE_EMULATOR must be host:port",
    );
    expect(errorOf({ ...complete, PUBLIC_MIN_FILL_SECONDS: "-1" })).toContain("PUBLIC_MIN_FILL_SECONDS must be");
    expect(errorOf({ ...complete, PUBLIC_MIN_FILL_SECONDS: "soon" })).toContain("PUBLIC_MIN_FILL_SECONDS must be");
  });

  it("stops `npm run build:static` before building when an identifier is missing, naming it", () => {
    // Empty, not unset: the environment wins over a developer's .env file.
    const env = { ...process.env, ...complete, PUBLIC_FIREBASE_APP_ID: "", STATIC_DIR: "build/static-unit-refused" };
    const run = spawnSync("npx", ["react-router", "build"], {
      env: { ...env, BUILD_TARGET: "static" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain("PUBLIC_FIREBASE_APP_ID is empty");
  }, 60_000); // A child process that starts Vite: seconds on a busy machine, not milliseconds.
});
