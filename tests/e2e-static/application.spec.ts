/**
 * The job application of the static build (no server of ours), served by nginx, as
 * decision 0006 has it: the CV to Firebase Storage (one multipart request up to 262,144 bytes,
 * resumable above), its download link, then one EmailJS send to the application
 * template. Every failure line, the file checks before anything is uploaded, Cancel
 * during an upload, and the honeypot.
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * speaking their documented wire protocol, driven by the real SDKs, because these
 * machines cannot reach those services.
 */
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { PrivacyPageSchema } from "../../app/content/schema.ts";
import { contentFile } from "../support/content-files.ts";
import { site } from "../../app/content/site.ts";
import { HONEYPOT_FIELD } from "../../common/limits.ts";
import {
  APPLY_FAILURE,
  APPLY_FAILURE_PREFIX,
  APPLY_NO_DOWNLOAD_LINK,
  APPLY_SUCCESS,
  APPLY_SUCCESS_PREFIX,
  APPLY_UPLOAD_FAILURE,
  CV_TOO_LARGE,
  CV_WRONG_TYPE,
  OPENING_CLOSED,
} from "../../app/forms/application/messages.ts";
import type { StoredObject } from "../support/stand-ins/firebase-storage.ts";
import {
  alertOf,
  applyDialog,
  EMAILJS_SDK_VERSION,
  expectGreen,
  expectRed,
  fillApplication,
  filesForTests,
  JOB,
  JOB_PATH,
  openApplication,
  PHONE,
  pdfBytes,
  sendChunksIn,
  statusOf,
  storageCalls,
  type TestFile,
  withStandIns,
  type Visitor,
  visitor,
  watchRequests,
} from "./helpers.ts";
import { EMAILJS_ORIGIN, PUBLIC } from "../support/static-env.ts";

const privacy = contentFile("pages/privacy.yaml", PrivacyPageSchema);

const standIns = withStandIns();

const SUCCESS_LINE = `${APPLY_SUCCESS_PREFIX}${APPLY_SUCCESS}`;
/** Names the storage rules accept: the folder, 18 hex digits, a dash, a safe file name. */
const OBJECT_NAME = /^blueberry\/[0-9a-f]{18}-[A-Za-z0-9._-]+$/;
/** Files above this go resumably. */
const RESUMABLE_THRESHOLD = 262_144;

const cvFiles = filesForTests((files) => ({
  /** 200 KB, under the resumable threshold; the name has spaces to be made safe. */
  kb200: files.write("Asha Rao CV.pdf", pdfBytes(200 * 1024, "Asha Rao CV")),
  /** 400 KB, over the resumable threshold. */
  kb400: files.write("asha_rao-cv.v2.pdf", pdfBytes(400 * 1024, "Asha Rao CV v2")),
  /** Exactly 500 KB (512,000 bytes), the largest accepted, and one byte more. */
  limit: files.write("at-the-limit.pdf", pdfBytes(512_000)),
  over: files.write("one-byte-over.pdf", pdfBytes(512_001)),
  // A Windows program and a photo: small, with their real leading bytes.
  exe: files.write("cvFiles.exe", Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(2_000, 0x41)])),
  jpg: files.write("cvFiles.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 0x42)])),
}));

function submitButton(form: Locator) {
  return form.getByRole("button", { name: /^Submit/ });
}

/** The failure line with the careers address the visitor can write to instead. */
async function expectFailureLine(form: Locator, message: string) {
  const alert = alertOf(form);
  await expect(alert).toHaveText(
    `${APPLY_FAILURE_PREFIX}${message} You can also write to us at ${site.email.careers}.`,
  );
  await expect(alert.getByRole("link", { name: site.email.careers })).toHaveAttribute(
    "href",
    `mailto:${site.email.careers}`,
  );
  await expectRed(alert);
  await expect(statusOf(form)).toHaveText("");
  await expect(submitButton(form)).toHaveText("Submit");
  await expect(submitButton(form)).toBeEnabled();
}

/** The one stored object: its name as the rules want it, ending with the safe file name, and the file's bytes. */
function expectStored(cv: TestFile, safeName: string): StoredObject {
  const objects = [...standIns.storage.objects.values()];
  expect(objects, "exactly one object stored").toHaveLength(1);
  const [object] = objects as [StoredObject];
  expect(object.name).toMatch(OBJECT_NAME);
  expect(object.name.endsWith(`-${safeName}`), `${object.name} ends with -${safeName}`).toBe(true);
  expect(object.bucket).toBe(PUBLIC.PUBLIC_FIREBASE_STORAGE_BUCKET);
  expect(object.contentType).toBe("application/pdf");
  expect(object.size).toBe(cv.bytes.length);
  expect(object.bytes.equals(cv.bytes), "stored bytes are the file's").toBe(true);
  return object;
}

/** The one EmailJS send: the application template with every field, and a link that downloads exactly the object. */
async function expectApplicationMailed(v: Visitor, object: StoredObject) {
  expect(standIns.emailjs.received, "exactly one EmailJS send").toHaveLength(1);
  const body = standIns.emailjs.received[0]?.body as { template_params: { attachment: string } };
  expect(body).toEqual({
    lib_version: EMAILJS_SDK_VERSION,
    user_id: PUBLIC.PUBLIC_EMAILJS_PUBLIC_KEY,
    service_id: PUBLIC.PUBLIC_EMAILJS_SERVICE_ID,
    template_id: PUBLIC.PUBLIC_EMAILJS_APPLICATION_TEMPLATE,
    template_params: {
      name: v.name,
      email: v.email,
      phone: PHONE.e164,
      comment: v.comment,
      attachment: expect.any(String),
      job: JOB.title,
      privacy_version: privacy.version,
    },
  });
  const link = new URL(body.template_params.attachment);
  expect(link.pathname).toBe(`/v0/b/${object.bucket}/o/${encodeURIComponent(object.name)}`);
  expect(link.searchParams.get("token"), "the link carries the object's download token").toBe(object.downloadTokens);
  const download = await fetch(link);
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(object.bytes), "the link downloads the CV").toBe(true);
}

async function expectFormReset(form: Locator) {
  for (const label of ["Name", "Email", "Phone", "Upload CV"]) {
    await expect(form.getByLabel(label, { exact: true }), `${label} is empty again`).toHaveValue("");
  }
  await expect(form.getByLabel(/^Comment/)).toHaveValue("");
  await expect(form.getByRole("checkbox")).not.toBeChecked();
}

/**
 * Every storage request goes to the configured bucket with the SDK's version header.
 * (Firebase's app id header is not checked: firebase/storage 12.x never sets it, whatever
 * the app's options say.)
 */
function expectSdkHeaders() {
  for (const call of storageCalls(standIns.storage)) {
    expect(call.headers["x-firebase-storage-version"], `${call.kind} SDK version`).toMatch(/^webjs\//);
    expect(call.bucket, `${call.kind} bucket`).toBe(PUBLIC.PUBLIC_FIREBASE_STORAGE_BUCKET);
  }
}

/** Holds the EmailJS send until `release()`, so the submitting state can be seen. */
async function holdEmailJs(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${EMAILJS_ORIGIN}/api/v1.0/email/send`, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  return release;
}

test.describe("an application is sent", () => {
  test("a 200 KB CV: one multipart upload, its download link mailed through EmailJS, 'Hurray!' in green, form reset", async ({
    page,
  }) => {
    expect(cvFiles.kb200.bytes.length).toBeLessThanOrEqual(RESUMABLE_THRESHOLD);
    const v = visitor("apply-200k");
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.kb200.path);
    const release = await holdEmailJs(page);
    const submit = submitButton(form);
    await submit.click();
    await expect(submit).toHaveText("Submitting");
    await expect(submit).toBeDisabled();
    await expect.poll(() => standIns.storage.objects.size, { message: "the CV is stored" }).toBe(1);
    release();

    const status = statusOf(form);
    await expect(status).toHaveText(SUCCESS_LINE);
    await expectGreen(status);
    await expect(alertOf(form)).toHaveText("");
    await expect(applyDialog(page)).toBeVisible();
    await expectFormReset(form);

    const kinds = storageCalls(standIns.storage).map((r) => r.kind);
    expect(
      kinds.filter((k) => k === "multipart"),
      "one multipart upload",
    ).toHaveLength(1);
    expect(
      kinds.filter((k) => k.startsWith("resumable")),
      "no resumable upload",
    ).toEqual([]);
    expectSdkHeaders();
    const object = expectStored(cvFiles.kb200, "Asha-Rao-CV.pdf");
    await expectApplicationMailed(v, object);
  });

  test("a 400 KB CV: a resumable upload (start, chunks at the right offsets, finalize), then the same mail", async ({
    page,
  }) => {
    expect(cvFiles.kb400.bytes.length).toBeGreaterThan(RESUMABLE_THRESHOLD);
    const v = visitor("apply-400k");
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.kb400.path);
    await submitButton(form).click();
    await expect(statusOf(form)).toHaveText(SUCCESS_LINE);
    await expectFormReset(form);

    const calls = storageCalls(standIns.storage);
    const uploads = calls.filter((r) => r.kind === "multipart" || r.kind.startsWith("resumable"));
    expect(
      uploads.map((r) => r.kind).filter((k) => k === "multipart"),
      "no multipart upload",
    ).toEqual([]);
    expect(uploads[0]?.kind).toBe("resumable-start");
    expect(uploads[0]?.headers["x-goog-upload-header-content-length"]).toBe(String(cvFiles.kb400.bytes.length));
    const chunks = uploads.filter((r) => r.kind === "resumable-upload" || r.kind === "resumable-finalize");
    expect(chunks.length, "at least two chunks").toBeGreaterThanOrEqual(2);
    expect(chunks.at(-1)?.kind, "the last chunk finalizes").toBe("resumable-finalize");
    expect(chunks.slice(0, -1).every((c) => c.kind === "resumable-upload")).toBe(true);
    // Each chunk starts where the one before ended; together they are the file.
    let offset = 0;
    for (const chunk of chunks) {
      expect(chunk.uploadOffset, `chunk ${chunks.indexOf(chunk) + 1} offset`).toBe(offset);
      offset += chunk.body.length;
    }
    expect(offset).toBe(cvFiles.kb400.bytes.length);
    expectSdkHeaders();
    const object = expectStored(cvFiles.kb400, "asha_rao-cv.v2.pdf");
    await expectApplicationMailed(v, object);
  });
});

test.describe("the CV is checked before anything is uploaded", () => {
  test("512,001 bytes are refused with 'FileSize must be less than 500KB'; exactly 512,000 bytes are accepted", async ({
    page,
  }) => {
    const v = visitor("apply-limit");
    const requests = watchRequests(page);
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.over.path);
    const cv = form.getByLabel("Upload CV");
    // Told as soon as the file is chosen.
    await expect(form.getByText(CV_TOO_LARGE, { exact: true })).toBeVisible();
    await expect(cv).toHaveAttribute("aria-invalid", "true");
    await submitButton(form).click();
    await expect(alertOf(form)).toHaveText("Please correct the highlighted field.");
    await expect(form.getByText(CV_TOO_LARGE, { exact: true })).toBeVisible();
    await expect(cv).toBeFocused();
    expect(standIns.storage.requests, "no storage request at all").toEqual([]);
    expect(standIns.emailjs.received).toEqual([]);
    expect(sendChunksIn(requests), "the upload code was never needed").toEqual([]);

    await cv.setInputFiles(cvFiles.limit.path);
    await expect(form.getByText(CV_TOO_LARGE, { exact: true })).toHaveCount(0);
    await submitButton(form).click();
    await expect(statusOf(form)).toHaveText(SUCCESS_LINE);
    const object = expectStored(cvFiles.limit, "at-the-limit.pdf");
    await expectApplicationMailed(v, object);
  });

  test("a .exe and a .jpg are refused with the file-type message; nothing is uploaded or sent", async ({ page }) => {
    const v = visitor("apply-type");
    const requests = watchRequests(page);
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.exe.path);
    const cv = form.getByLabel("Upload CV");
    for (const file of [cvFiles.exe, cvFiles.jpg]) {
      await cv.setInputFiles(file.path);
      await expect(form.getByText(CV_WRONG_TYPE, { exact: true }), `${file.name} is refused`).toBeVisible();
      await expect(cv).toHaveAttribute("aria-invalid", "true");
      await submitButton(form).click();
      await expect(alertOf(form)).toHaveText("Please correct the highlighted field.");
      await expect(cv).toBeFocused();
    }
    await expect(submitButton(form)).toHaveText("Submit");
    expect(standIns.storage.requests, "no storage request at all").toEqual([]);
    expect(standIns.emailjs.received).toEqual([]);
    expect(sendChunksIn(requests), "the upload code was never needed").toEqual([]);
  });
});

test.describe("when a step fails, the visitor is told which and offered the careers address", () => {
  test("storage refuses the upload: 'Oops! Something went wrong!'; nothing is mailed", async ({ page }) => {
    standIns.storage.behave("reject-uploads");
    const v = visitor("apply-rejected");
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.kb200.path);
    await submitButton(form).click();
    await expectFailureLine(form, APPLY_UPLOAD_FAILURE);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(v.name);
    await expect(form.getByLabel(/^Comment/)).toHaveValue(v.comment);
    expect(storageCalls(standIns.storage).map((r) => r.status)).toContain(403);
    expect(standIns.storage.objects.size).toBe(0);
    expect(standIns.emailjs.received).toEqual([]);
  });

  test("the upload has no download link: 'Oops! Error happened while uploading Image!'; nothing is mailed", async ({
    page,
  }) => {
    standIns.storage.behave("no-download-token");
    const v = visitor("apply-no-link");
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.kb200.path);
    await submitButton(form).click();
    await expectFailureLine(form, APPLY_NO_DOWNLOAD_LINK);
    expect(standIns.storage.objects.size, "the upload itself went through").toBe(1);
    expect(standIns.emailjs.received).toEqual([]);
  });

  test("EmailJS fails after the upload: 'Oops! Encountered an error while submitting!'", async ({ page }) => {
    standIns.emailjs.failNext(1, 500);
    const v = visitor("apply-mail-fails");
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.kb200.path);
    await submitButton(form).click();
    await expectFailureLine(form, APPLY_FAILURE);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(v.email);
    expect(standIns.storage.objects.size).toBe(1);
    expect(standIns.emailjs.received, "EmailJS was asked once").toHaveLength(1);
  });
});

/** Submits a 400 KB CV whose chunks the stand-in holds, and waits until the first chunk is on its way. */
async function startSlowUpload(page: Page, tag: string) {
  // Each chunk answered only after 20 s, if the browser is still waiting by then.
  standIns.storage.behave({ kind: "slow-chunks", delayMs: 20_000 });
  const form = await openApplication(page);
  await fillApplication(form, visitor(tag), cvFiles.kb400.path);
  await submitButton(form).click();
  const chunk = await standIns.storage.waitForRequest("resumable-upload");
  return { form, chunk };
}

test.describe("an opening that has left the site since its page was opened", () => {
  test("'This Opening Has Closed' with the way to the openings; nothing is uploaded or sent", async ({ page }) => {
    const v = visitor("apply-closed");
    const form = await openApplication(page);
    await fillApplication(form, v, cvFiles.kb200.path);
    // A build since took the opening off the site: the host answers for its page as for any
    // page it does not have (the request goes to a path the built site never had).
    const gone = "/careers/jobs/vlsi/closed-since-the-page-was-opened";
    const asked: string[] = [];
    await page.route(
      (url) => url.pathname === JOB_PATH,
      (route) => {
        if (route.request().method() !== "HEAD") return route.continue();
        asked.push(route.request().url());
        return route.continue({ url: new URL(gone, route.request().url()).href });
      },
    );
    await submitButton(form).click();

    await expect(page.getByRole("heading", { level: 1, name: "This Opening Has Closed" })).toBeVisible();
    await expect(page.getByText(OPENING_CLOSED)).toBeVisible();
    await expect(page.getByRole("link", { name: "See current openings" })).toHaveAttribute("href", "/careers/jobs");
    expect(asked, "the page asked the host for the opening's page once").toHaveLength(1);
    expect(storageCalls(standIns.storage), "nothing uploaded").toEqual([]);
    expect(standIns.emailjs.received, "nothing sent").toEqual([]);
  });
});

test.describe("Cancel during an upload", () => {
  test("the labelled progress bar shows; Cancel stops the upload with no line, and nothing is stored or mailed", async ({
    page,
  }) => {
    const { form, chunk } = await startSlowUpload(page, "apply-cancel");
    const progress = form.getByRole("progressbar", { name: /^Uploading your CV: \d{1,3}%$/ });
    await expect(progress).toBeVisible();

    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(applyDialog(page)).toBeHidden();
    // Opened again: the submission has ended (the button is back), with no line at all.
    await page.getByRole("button", { name: "Apply now" }).click();
    await expect(submitButton(form)).toHaveText("Submit");
    await expect(submitButton(form)).toBeEnabled();
    await expect(alertOf(form)).toHaveText("");
    await expect(statusOf(form)).toHaveText("");
    await expect(progress).toHaveCount(0);
    await expect.poll(() => chunk.aborted, { message: "the browser dropped the chunk it was sending" }).toBe(true);
    expect(storageCalls(standIns.storage).map((r) => r.kind)).not.toContain("resumable-finalize");
    expect(standIns.storage.objects.size, "nothing stored").toBe(0);
    expect(standIns.emailjs.received, "nothing mailed").toEqual([]);
  });

  test("the dialog closes and stays closed", async ({ page }) => {
    // The cancelled submission still ends with an answer; it must not open the dialog again.
    const { form, chunk } = await startSlowUpload(page, "apply-cancel-dialog");
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(applyDialog(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Apply now" })).toBeFocused();
    // The cancelled submission's answer arrives after the dialog closed: it stays closed.
    await expect.poll(() => chunk.aborted).toBe(true);
    await page.waitForTimeout(500);
    expect(await applyDialog(page).isVisible(), "the dialog opened again").toBe(false);
  });
});

test("a filled honeypot looks like success to the bot; nothing is uploaded or mailed", async ({ page }) => {
  const v = visitor("apply-bot");
  const form = await openApplication(page);
  await fillApplication(form, v, cvFiles.kb200.path);
  await form.locator(`input[name="${HONEYPOT_FIELD}"]`).fill("https://spam.example", { force: true });
  await submitButton(form).click();
  await expect(statusOf(form)).toHaveText(SUCCESS_LINE);
  expect(standIns.storage.requests).toEqual([]);
  expect(standIns.emailjs.received).toEqual([]);
});
