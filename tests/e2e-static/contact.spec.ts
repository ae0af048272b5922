/**
 * The contact form of the static build (no server of ours), served by nginx: one EmailJS
 * send from the browser (decision 0006), its success and failure lines, validation in the browser, the
 * honeypot, and the EmailJS code loaded only once the form is used.
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * speaking their documented wire protocol, driven by the real SDKs, because these
 * machines cannot reach those services.
 */
import { expect, test } from "../support/playwright-test.ts";
import { site } from "../../app/content/site.ts";
import { HONEYPOT_FIELD } from "../../common/limits.ts";
import { CONTACT_FAILURE, CONTACT_SUCCESS, MESSAGE_REQUIRED } from "../../app/forms/contact/messages.ts";
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  NAME_REQUIRED,
  PHONE_INVALID,
  PHONE_REQUIRED,
} from "../../app/forms/messages.ts";
import {
  alertOf,
  contactForm,
  EMAILJS_SDK_VERSION,
  expectContactFailure,
  expectGreen,
  fillContact,
  hydrated,
  offSite,
  PHONE,
  sendChunksIn,
  statusOf,
  withStandIns,
  type Visitor,
  visitor,
  watchRequests,
} from "./helpers.ts";
import { EMAILJS_ORIGIN, PUBLIC } from "../support/static-env.ts";

const standIns = withStandIns();

/** What the contact template must receive for `v` (decision 0006). */
function contactSend(v: Visitor) {
  return {
    lib_version: EMAILJS_SDK_VERSION,
    user_id: PUBLIC.PUBLIC_EMAILJS_PUBLIC_KEY,
    service_id: PUBLIC.PUBLIC_EMAILJS_SERVICE_ID,
    template_id: PUBLIC.PUBLIC_EMAILJS_CONTACT_TEMPLATE,
    template_params: {
      to_name: site.name,
      from_name: v.name,
      from_email: v.email,
      from_mobile: PHONE.e164,
      message: v.message,
    },
  };
}

test("a message is sent through EmailJS: sending state, success, fields cleared; EmailJS code loads only once the form is used", async ({
  page,
}) => {
  const v = visitor("contact");
  const requests = watchRequests(page);
  await page.goto("/contact");
  const form = contactForm(page);
  await hydrated(form);
  // The page, hydrated: nothing but our own origin, and none of the sending code yet.
  expect(offSite(requests), "requests off the site before the form is used").toEqual([]);
  expect(sendChunksIn(requests), "send chunks before the form is used").toEqual([]);

  await fillContact(form, v);
  expect(sendChunksIn(requests), "send chunks while typing").toEqual([]);
  // Hold EmailJS's answer, so the sending state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${EMAILJS_ORIGIN}/api/v1.0/email/send`, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const send = form.getByRole("button", { name: /^Send/ });
  await send.click();
  await expect(send).toHaveText("Sending Message..");
  await expect(send).toBeDisabled();
  release();

  const status = statusOf(form);
  await expect(status).toHaveText(CONTACT_SUCCESS);
  await expectGreen(status);
  await expect(alertOf(form)).toHaveText("");
  await expect(send).toHaveText("Send Message");
  await expect(send).toBeEnabled();
  for (const label of ["Name", "Email", "Phone", "Message"]) {
    await expect(form.getByLabel(label, { exact: true }), `${label} is empty again`).toHaveValue("");
  }

  expect(standIns.emailjs.received).toHaveLength(1);
  const [sent] = standIns.emailjs.received;
  expect(sent?.body).toEqual(contactSend(v));
  expect(sent?.headers["content-type"]).toMatch(/^application\/json/);
  expect(sendChunksIn(requests), "loaded once the form was sent").toEqual(["emailjs-client", "send-contact"]);
  expect(
    offSite(requests).filter((url) => !url.startsWith(`${EMAILJS_ORIGIN}/`)),
    "nothing but EmailJS",
  ).toEqual([]);
  expect(standIns.storage.requests, "a contact message uploads nothing").toEqual([]);
});

for (const how of ["a 500 from EmailJS", "a network error"] as const) {
  test(`when EmailJS fails (${how}): 'Something went wrong please try again!', the mailto, input kept, button back`, async ({
    page,
  }) => {
    const v = visitor("contact-fail");
    await page.goto("/contact");
    const form = contactForm(page);
    await hydrated(form);
    await fillContact(form, v);
    if (how === "a 500 from EmailJS") standIns.emailjs.failNext(1, 500);
    else await page.route(`${EMAILJS_ORIGIN}/**`, (route) => route.abort("connectionrefused"));
    const send = form.getByRole("button", { name: /^Send/ });
    await send.click();

    await expectContactFailure(form, CONTACT_FAILURE, site.email.info);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
    await expect(send).toHaveText("Send Message");
    await expect(send).toBeEnabled();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(v.name);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(v.email);
    await expect(form.getByLabel("Phone", { exact: true })).toHaveValue(PHONE.typed);
    await expect(form.getByLabel("Message", { exact: true })).toHaveValue(v.message);
    // The 500 reached the stand-in once (no silent retry); the aborted send never did.
    expect(standIns.emailjs.received).toHaveLength(how === "a 500 from EmailJS" ? 1 : 0);
  });
}

test("empty fields, a bad e-mail address and a 5-digit phone are refused in the browser; nothing is sent", async ({
  page,
}) => {
  const v = visitor("contact-invalid");
  const requests = watchRequests(page);
  await page.goto("/contact");
  const form = contactForm(page);
  await hydrated(form);
  const send = form.getByRole("button", { name: /^Send/ });

  // All four empty.
  await send.click();
  for (const [label, message] of [
    ["Name", NAME_REQUIRED],
    ["Email", EMAIL_REQUIRED],
    ["Phone", PHONE_REQUIRED],
    ["Message", MESSAGE_REQUIRED],
  ] as const) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field, `${label} is marked invalid`).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(message, { exact: true }), `${label} says what is wrong`).toBeVisible();
  }
  await expect(alertOf(form)).toHaveText("Please correct the 4 highlighted fields.");

  // Everything filled, but 'asha.at.example.com' and '12345'.
  await fillContact(form, { ...v, email: "asha.at.example.com" }, "12345");
  await send.click();
  await expect(form.getByText(EMAIL_INVALID, { exact: true })).toBeVisible();
  await expect(form.getByText(PHONE_INVALID, { exact: true })).toBeVisible();
  await expect(alertOf(form)).toHaveText("Please correct the 2 highlighted fields.");
  await expect(form.getByLabel("Message", { exact: true })).toHaveValue(v.message);
  await expect(send).toHaveText("Send Message");

  expect(standIns.emailjs.received, "nothing reached EmailJS").toEqual([]);
  expect(standIns.emailjs.preflights, "not even a preflight").toEqual([]);
  expect(sendChunksIn(requests), "the sending code was never needed").toEqual([]);
});

test("a filled honeypot looks like success to the bot and sends nothing", async ({ page }) => {
  const v = visitor("contact-bot");
  await page.goto("/contact");
  const form = contactForm(page);
  await hydrated(form);
  await fillContact(form, v);
  // People never see this field; bots fill every input.
  await form.locator(`input[name="${HONEYPOT_FIELD}"]`).fill("https://spam.example", { force: true });
  await form.getByRole("button", { name: /^Send/ }).click();

  await expect(statusOf(form)).toHaveText(CONTACT_SUCCESS);
  expect(standIns.emailjs.received).toEqual([]);
  expect(standIns.emailjs.preflights).toEqual([]);
});
