/**
 * What the static build's browser tests share: the two stand-ins on the fixed ports the
 * test build was made for (tests/support/static-env.ts), the forms on the page, and
 * real files for the CV field.
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * (tests/support/stand-ins/) that speak their documented wire protocol; the page drives
 * them with the real SDKs (@emailjs/browser, firebase/storage), because these machines
 * cannot reach those services.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, type Request, test } from "@playwright/test";
import { anOpenJob } from "../support/content-picks.ts";
import { type EmailJsStandIn, startEmailJsStandIn } from "../support/stand-ins/emailjs.ts";
import {
  type FirebaseStorageStandIn,
  type RecordedRequest,
  startFirebaseStorageStandIn,
} from "../support/stand-ins/firebase-storage.ts";
import { EMAILJS_PORT, ROOT, STATIC_ORIGIN, STORAGE_PORT } from "../support/static-env.ts";
import { applyForm, hydrated } from "../support/form-pages.ts";

// The forms as a visitor meets them, the same in both builds.
export * from "../support/form-pages.ts";

export { filesForTests, pdfBytes, type TestFile, tempFiles } from "../e2e/helpers/files.ts";

// ── Stand-ins ────────────────────────────────────────────────────────────────────────

export interface StandIns {
  emailjs: EmailJsStandIn;
  storage: FirebaseStorageStandIn;
}

/**
 * Starts both stand-ins before the file's tests and stops them after; each test starts
 * with nothing received and the default behaviour. Call at the top of a test file.
 */
export function withStandIns(): StandIns {
  let emailjs: EmailJsStandIn | undefined;
  let storage: FirebaseStorageStandIn | undefined;
  test.beforeAll(async () => {
    [emailjs, storage] = await Promise.all([
      startEmailJsStandIn({ port: EMAILJS_PORT }),
      startFirebaseStorageStandIn({ port: STORAGE_PORT }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([emailjs?.stop(), storage?.stop()]);
  });
  test.beforeEach(() => {
    emailjs?.reset();
    storage?.reset();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (!value) throw new Error(`the ${name} stand-in is not running`);
    return value;
  };
  return {
    get emailjs() {
      return started(emailjs, "EmailJS");
    },
    get storage() {
      return started(storage, "Firebase Storage");
    },
  };
}

/** The storage requests the page made, CORS preflights left out. */
export function storageCalls(storage: FirebaseStorageStandIn): RecordedRequest[] {
  return storage.requests.filter((r) => r.kind !== "preflight");
}

/** The installed EmailJS SDK's version, which it sends as lib_version. */
export const EMAILJS_SDK_VERSION: string = JSON.parse(
  readFileSync(join(ROOT, "node_modules/@emailjs/browser/package.json"), "utf8"),
).version;

// ── The page ─────────────────────────────────────────────────────────────────────────

/** The opening the tests apply to: the first open one (tests/support/content-picks.ts). */
export const JOB = anOpenJob();
export const JOB_PATH = JOB.path;

export const contactForm = (page: Page) => page.locator("form#contact-form");
export const applyDialog = (page: Page) => page.getByRole("dialog", { name: "Apply" });

/** React Router has hydrated the page and is not loading or submitting anything. */
export async function routerSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } };
      }
    ).__reactRouterDataRouter;
    return router?.state.initialized === true && router.state.navigation.state === "idle";
  });
}

/** Opens the 'Apply' dialog on a hydrated job page and returns its form. */
export async function openApplication(page: Page): Promise<Locator> {
  await page.goto(JOB_PATH);
  const form = applyForm(page);
  await hydrated(form);
  await page.getByRole("button", { name: "Apply now" }).click();
  await expect(applyDialog(page)).toBeVisible();
  return form;
}

/** Every request the page makes from now on. */
export function watchRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => seen.push(request));
  return seen;
}

/** The lazily loaded chunks of the static submit path (and the form schemas). */
export const SEND_CHUNKS = /\/assets\/(emailjs-client|firebase-upload|send-contact|send-application)-[\w-]+\.js$/;

/** Which of the send chunks these requests loaded, by name. */
export function sendChunksIn(requests: Request[]): string[] {
  const names = requests.map((r) => SEND_CHUNKS.exec(new URL(r.url()).pathname)?.[1]).filter(Boolean);
  return [...new Set(names as string[])].sort();
}

/** Requests that went to an origin other than the site's own (data: and blob: are local). */
export function offSite(requests: Request[]): string[] {
  return requests
    .map((r) => r.url())
    .filter((url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== STATIC_ORIGIN);
}
