/**
 * Not a test: screenshots of the 'Apply' dialog of the static build for people to look
 * at, at 375 and 1280 px, during a slow upload (the progress bar) and after each failure
 * line, into test-results/screenshots-static/. Runs only when asked:
 *
 *   E2E_STATIC_SCREENSHOTS=1 npx playwright test -c playwright.static.config.ts screenshots
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * speaking their documented wire protocol, driven by the real SDKs, because these
 * machines cannot reach those services.
 */
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { CV_TOO_LARGE, CV_WRONG_TYPE } from "../../app/forms/application/messages.ts";
import {
  alertOf,
  fillApplication,
  openApplication,
  pdfBytes,
  type StandIns,
  tempFiles,
  withStandIns,
  visitor,
} from "./helpers.ts";
import { ROOT } from "../support/static-env.ts";

const OUT = join(ROOT, "test-results/screenshots-static");
const standIns = withStandIns();

let files: ReturnType<typeof tempFiles> | undefined;
let made: Record<"small" | "large" | "over" | "exe", { path: string }> | undefined;
/** The CVs, written once. */
const cv = () => {
  files ??= tempFiles();
  made ??= {
    small: files.write("Asha Rao CV.pdf", pdfBytes(20_000)),
    large: files.write("asha-rao-cv-long.pdf", pdfBytes(400 * 1024)),
    over: files.write("one-byte-over.pdf", pdfBytes(512_001)),
    exe: files.write("cv.exe", Buffer.from("MZ-not-a-cv")),
  };
  return made;
};
test.afterAll(() => files?.remove());

type Scenario = {
  name: string;
  file: keyof ReturnType<typeof cv>;
  arrange?: (s: StandIns) => void;
  /** Waits for the state worth a picture and scrolls it into view. */
  until: (page: Page, s: StandIns) => Promise<void>;
};

const failureLine = async (page: Page) => {
  const alert = alertOf(page.locator("dialog#apply form"));
  await expect(alert).toContainText("Oops!");
  await alert.scrollIntoViewIfNeeded();
};

const SCENARIOS: Scenario[] = [
  {
    name: "uploading",
    file: "large",
    arrange: (s) => s.storage.behave({ kind: "slow-chunks", delayMs: 20_000 }),
    until: async (page, s) => {
      await s.storage.waitForRequest("resumable-upload");
      const bar = page.getByRole("progressbar");
      await expect(bar).toBeVisible();
      await bar.scrollIntoViewIfNeeded();
    },
  },
  { name: "upload-failed", file: "small", arrange: (s) => s.storage.behave("reject-uploads"), until: failureLine },
  {
    name: "no-download-link",
    file: "small",
    arrange: (s) => s.storage.behave("no-download-token"),
    until: failureLine,
  },
  { name: "emailjs-failed", file: "small", arrange: (s) => s.emailjs.failNext(1, 500), until: failureLine },
  {
    name: "too-large",
    file: "over",
    until: async (page) => {
      const message = page.getByText(CV_TOO_LARGE, { exact: true });
      await expect(message).toBeVisible();
      await message.scrollIntoViewIfNeeded();
    },
  },
  {
    name: "wrong-type",
    file: "exe",
    until: async (page) => {
      const message = page.getByText(CV_WRONG_TYPE, { exact: true });
      await expect(message).toBeVisible();
      await message.scrollIntoViewIfNeeded();
    },
  },
];

for (const width of [375, 1280]) {
  for (const scenario of SCENARIOS) {
    test(`${scenario.name} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      scenario.arrange?.(standIns);
      const form = await openApplication(page);
      await fillApplication(form, visitor("shot"), cv()[scenario.file].path);
      await form.getByRole("button", { name: /^Submit/ }).click();
      await scenario.until(page, standIns);
      await page.screenshot({ path: join(OUT, `apply-${scenario.name}-${width}.png`) });
    });
  }
}
