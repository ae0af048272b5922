/**
 * The static build without JavaScript: there is no server to post a form to, so each form
 * area says plainly that it needs JavaScript and offers the right address instead, and
 * shows no control that could not work.
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * speaking their documented wire protocol, driven by the real SDKs, because these
 * machines cannot reach those services. (Without JavaScript nothing may reach them: no
 * stand-in is even started here, so any attempt would fail the page's requests check.)
 */
import { type Locator } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { site } from "../../app/content/site.ts";
import { JOB_PATH, offSite, watchRequests } from "./helpers.ts";

test.use({ javaScriptEnabled: false });

/** The form controls a visitor can see inside `area`. */
function visibleControls(area: Locator): Promise<string[]> {
  return area.evaluateAll((areas) =>
    areas.flatMap((root) =>
      Array.from(root.querySelectorAll<HTMLElement>("input, textarea, select, button"))
        .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((el) => el.outerHTML.slice(0, 120)),
    ),
  );
}

const cases = [
  { path: "/contact", what: "Sending this form", address: site.email.info, form: "form#contact-form" },
  { path: JOB_PATH, what: "Applying", address: site.email.careers, form: "form#apply-form" },
] as const;

for (const { path, what, address, form } of cases) {
  test(`${path}: the form area says it needs JavaScript, offers ${address}, and shows no form control`, async ({
    page,
  }) => {
    const requests = watchRequests(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const note = page.locator(".form-noscript-alternative");
    await expect(note).toHaveCount(1);
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      `${what} needs JavaScript on this site, which is off in your browser. Please write to us at ${address} instead.`,
    );
    await expect(note.getByRole("link", { name: address })).toHaveAttribute("href", `mailto:${address}`);

    const formElement = page.locator(form);
    await expect(formElement).toHaveCount(1);
    await expect(formElement).toBeHidden();
    expect(await visibleControls(formElement), "form controls a visitor can see").toEqual([]);
    expect(offSite(requests), "requests off the site").toEqual([]);
  });
}
