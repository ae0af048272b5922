/**
 * The one place the static build for tests and its tests agree on: where the build is
 * published, the public identifiers baked into it, and the FIXED loopback ports of the
 * stand-ins for EmailJS and Firebase Storage. The bundle names the stand-ins' origins at
 * build time, so they must listen exactly there when the tests run.
 *
 * Read by scripts/test/test.ts (the "Build (static, for the tests)" step), by
 * playwright.static.config.ts and the tests in this folder, and by the integration tests
 * of the static host and the JS budget.
 *
 * E2E_STATIC_PORT, E2E_STATIC_EMAILJS_PORT, E2E_STATIC_STORAGE_PORT and E2E_STATIC_DIR
 * move them (the build and the tests must then be run with the same values; a server
 * build, which empties build/, then leaves the test build alone). `npm test` sets the
 * three ports to free ones before its static build, for every later stage; run by hand,
 * the defaults below hold.
 */
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** nginx serving the test build for the browser tests. */
export const STATIC_PORT = Number(process.env.E2E_STATIC_PORT ?? 3200);
export const STATIC_ORIGIN = `http://127.0.0.1:${STATIC_PORT}`;

/** The EmailJS stand-in (tests/support/stand-ins/emailjs.ts). */
export const EMAILJS_PORT = Number(process.env.E2E_STATIC_EMAILJS_PORT ?? 3201);
export const EMAILJS_ORIGIN = `http://127.0.0.1:${EMAILJS_PORT}`;

/** The Firebase Storage stand-in (tests/support/stand-ins/firebase-storage.ts). */
export const STORAGE_PORT = Number(process.env.E2E_STATIC_STORAGE_PORT ?? 3202);
export const STORAGE_HOST = `127.0.0.1:${STORAGE_PORT}`;
export const STORAGE_ORIGIN = `http://${STORAGE_HOST}`;

/** Where the test build is published, relative to the repository root (beside build/static). */
export const STATIC_DIR = process.env.E2E_STATIC_DIR ?? "build/static-e2e";

/** The public identifiers of the test build: recognisable, and no real account's. */
export const PUBLIC = {
  PUBLIC_EMAILJS_PUBLIC_KEY: "e2e-public-key-4711",
  PUBLIC_EMAILJS_SERVICE_ID: "service_e2e",
  PUBLIC_EMAILJS_CONTACT_TEMPLATE: "template_contact_e2e",
  PUBLIC_EMAILJS_APPLICATION_TEMPLATE: "template_apply_e2e",
  PUBLIC_FIREBASE_API_KEY: "e2e-firebase-api-key",
  PUBLIC_FIREBASE_AUTH_DOMAIN: "blueberry-e2e.firebaseapp.com",
  PUBLIC_FIREBASE_PROJECT_ID: "blueberry-e2e",
  PUBLIC_FIREBASE_STORAGE_BUCKET: "blueberry-e2e.appspot.com",
  PUBLIC_FIREBASE_APP_ID: "1:123456789012:web:e2e0000static",
  // Tests fill the forms faster than a person.
  PUBLIC_MIN_FILL_SECONDS: "0",
  PUBLIC_TEST_EMAILJS_ORIGIN: EMAILJS_ORIGIN,
  PUBLIC_TEST_STORAGE_EMULATOR: STORAGE_HOST,
} as const;

/** The environment for `npm run build:static` that makes the test build. */
export function staticTestBuildEnv(): Record<string, string> {
  return { ...PUBLIC, STATIC_DIR };
}
