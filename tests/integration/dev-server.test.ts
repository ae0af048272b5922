/**
 * `npm run dev` works: the server in development mode (`--dev`, Vite compiling the app on
 * request, no build) renders a page and stores a contact message posted as a plain HTML
 * form, and writes nothing to stderr while it does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../server/submissions/store.ts";
import { contactFields } from "./helpers/forms.ts";
import { postContact, send, visibleText } from "./helpers/http.ts";
import { type Site, startSite } from "../support/site-server.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite({ dev: true });
}, 120_000);
afterAll(() => site?.stop());

describe("the development server", () => {
  it("renders a page and stores a posted contact message, with nothing on stderr", { timeout: 90_000 }, async () => {
    const page = await send(`${site.origin}/contact`);
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain("Contact Us");

    const fields = contactFields();
    const answer = await postContact(site, fields);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/contact?sent=1");
    const sent = await send(`${site.origin}/contact?sent=1`);
    expect(sent.status).toBe(200);
    const store = await openStore({ sqlitePath: site.sqlitePath });
    try {
      const stored = (await store.list()).filter((s) => s.email === fields.email);
      // The form's CR LF line breaks are kept as LF.
      expect(stored.map((s) => s.message)).toEqual([fields.message?.replace(/\r\n/g, "\n")]);
    } finally {
      await store.close();
    }

    expect(site.stderr()).toBe("");
  });
});
