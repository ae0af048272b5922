/**
 * The contact and application forms as a visitor meets them in the browser, shared by
 * the browser tests of both builds (tests/e2e, tests/e2e-static): a visitor's details,
 * the forms and their result lines, and filling them in.
 */
import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";

/** An Indian mobile as typed, and in E.164 as it is stored and sent. */
export const PHONE = { typed: "98450 12345", e164: "+919845012345" };

/** A visitor whose name and address no other test uses. */
export function visitor(tag: string) {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Asha Rao ${tag} ${id}`,
    email: `asha.${tag}.${id}@example.com`,
    message: `Hello from the ${tag} test ${id}.\nWe need help verifying a PCIe Gen5 controller.`,
    comment: `Available from next month (${id}).`,
  };
}
export type Visitor = ReturnType<typeof visitor>;

/** The application form, in the 'Apply' dialog (#apply, also the no-JavaScript anchor). */
export const applyForm = (page: Page) => page.locator("dialog#apply form");

/** The form's result lines (the phone picker has a live region of its own). */
export const statusOf = (form: Locator) => form.locator(".form-status").getByRole("status");
export const alertOf = (form: Locator) => form.locator(".form-status").getByRole("alert");

/** Once hydrated, the forms check fields themselves (noValidate). */
export async function hydrated(form: Locator): Promise<void> {
  await expect(form).toHaveAttribute("novalidate", "");
}

export async function fillContact(form: Locator, v: Visitor, phone = PHONE.typed): Promise<void> {
  await form.getByLabel("Name", { exact: true }).fill(v.name);
  await form.getByLabel("Email", { exact: true }).fill(v.email);
  await form.getByLabel("Phone", { exact: true }).fill(phone);
  await form.getByLabel("Message", { exact: true }).fill(v.message);
}

export async function fillApplication(form: Locator, v: Visitor, cvPath: string): Promise<void> {
  await form.getByLabel("Name", { exact: true }).fill(v.name);
  await form.getByLabel("Email", { exact: true }).fill(v.email);
  await form.getByLabel("Phone", { exact: true }).fill(PHONE.typed);
  await form.getByLabel("Upload CV").setInputFiles(cvPath);
  await form.getByLabel(/^Comment/).fill(v.comment);
  await form.getByRole("checkbox").check();
}

// ── Result lines ─────────────────────────────────────────────────────────────────────

/** The computed text colour as [r, g, b]. */
async function rgb(locator: Locator): Promise<[number, number, number]> {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
}

export async function expectRed(locator: Locator): Promise<void> {
  const [r, g, b] = await rgb(locator);
  expect(r > 120 && r > 2 * g && r > 2 * b, `colour rgb(${r}, ${g}, ${b}) should be red`).toBe(true);
}

export async function expectGreen(locator: Locator): Promise<void> {
  const [r, g, b] = await rgb(locator);
  expect(g > 80 && g > r * 1.5 && g > b, `colour rgb(${r}, ${g}, ${b}) should be green`).toBe(true);
}

/**
 * The contact form's failure: `failure`, then `address` as a mail link (which still reaches
 * the company), in red, and no success line beside it.
 */
export async function expectContactFailure(form: Locator, failure: string, address: string): Promise<void> {
  const alert = alertOf(form);
  await expect(alert).toHaveText(`${failure} You can also write to us at ${address}.`);
  await expect(alert.getByRole("link", { name: address })).toHaveAttribute("href", `mailto:${address}`);
  await expectRed(alert);
  await expect(statusOf(form)).toHaveText("");
}
