/**
 * The same posts against a server whose DATABASE_URL is PostgreSQL (a throwaway schema):
 * they land in PostgreSQL, not in a SQLite file. Without a reachable PostgreSQL the tests
 * are skipped with a warning naming why; REQUIRE_POSTGRES=1 makes that a failure.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrivacyPageSchema } from "../../app/content/schema.ts";
import { contentFile } from "../support/content-files.ts";
import { CONTACT_SUCCESS } from "../../app/forms/contact/messages.ts";
import { NAME_REQUIRED } from "../../app/forms/messages.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store, StoredSubmission } from "../../server/submissions/store-types.ts";
import { applicationFields, contactFields, SENT_BY_SCRIPT } from "./helpers/forms.ts";
import { JOB_PATH, JOB_SLUG, pdfBytes, postForm, postMultipart, send, visibleText } from "./helpers/http.ts";
import { createSchema, postgresAvailable, type ThrowawaySchema } from "./helpers/postgres.ts";
import { type Site, startSite } from "../support/site-server.ts";

const privacy = contentFile("pages/privacy.yaml", PrivacyPageSchema);

const pgReady = await postgresAvailable("PostgreSQL store integration tests (store-backends.test.ts)");

describe.skipIf(!pgReady)("the site with DATABASE_URL=postgres://… (throwaway schema)", () => {
  let schema: ThrowawaySchema;
  let site: Site;
  let store: Store;

  beforeAll(async () => {
    schema = await createSchema("itest_site");
    site = await startSite({ env: { DATABASE_URL: schema.url } });
    store = await openStore({ databaseUrl: schema.url, sqlitePath: join(site.dataDir, "unused.sqlite") });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await site?.stop();
    await schema?.drop();
  }, 30_000);

  async function byEmail(email: string): Promise<StoredSubmission | undefined> {
    return (await store.list({ limit: 10_000 })).find((r) => r.email === email);
  }

  it("reports PostgreSQL on /healthz and keeps no SQLite file", async () => {
    const health = await send(`${site.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok", store: "postgres" });
    expect(existsSync(site.sqlitePath)).toBe(false);
  });

  it("a valid contact post (plain HTML form) lands in PostgreSQL", async () => {
    const fields = contactFields();
    const before = await schema.count("submissions");
    const answer = await postForm(`${site.origin}/contact`, fields, { Origin: site.origin });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/contact?sent=1");
    expect(await schema.count("submissions")).toBe(before + 1);
    expect(await byEmail(fields.email as string)).toMatchObject({
      kind: "contact",
      name: "Ravi Kumar",
      phone: "+919845012345",
      message: "We need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
    });
  });

  it("a valid contact data request (/contact.data) lands in PostgreSQL", async () => {
    const fields = contactFields(SENT_BY_SCRIPT);
    const answer = await postForm(`${site.origin}/contact.data`, fields, { Origin: site.origin });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(CONTACT_SUCCESS);
    expect(await byEmail(fields.email as string)).toBeDefined();
  });

  it("a valid application with a PDF lands in PostgreSQL, CV bytes and sha256 identical", async () => {
    const fields = applicationFields({ name: "Zoë Ångström 李小龍" });
    const bytes = pdfBytes(512_000);
    const cvRowsBefore = await schema.count("cv_files");
    const answer = await postMultipart(
      `${site.origin}${JOB_PATH}`,
      fields,
      { name: "../../Zoë CV.pdf", type: "application/pdf", bytes },
      { Origin: site.origin },
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${JOB_PATH}?applied=1#apply`);
    expect(await schema.count("cv_files")).toBe(cvRowsBefore + 1);
    const row = await byEmail(fields.email as string);
    if (!row) throw new Error("not stored in PostgreSQL");
    expect(row).toMatchObject({ kind: "application", name: "Zoë Ångström 李小龍", jobSlug: JOB_SLUG });
    expect(row.privacyVersion).toBe(privacy.version);
    expect(row.consentAt).toBeInstanceOf(Date);
    const cv = await store.getCv(row.id);
    expect(cv?.fileName).toBe("Zoë CV.pdf");
    expect(Buffer.from(cv?.bytes ?? []).equals(bytes)).toBe(true);
    expect(cv?.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));

    // The file outbox (no SMTP_URL) delivers both mails and marks them sent in PostgreSQL.
    // The deadline only guards against a hang: the whole suite beside it can slow delivery.
    const deadline = Date.now() + 30_000;
    while ((await store.get(row.id))?.mail.sent !== 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect((await store.get(row.id))?.mail).toEqual({ pending: 0, sent: 2 });
    const files = await readdir(join(site.dataDir, "outbox"));
    expect(files.filter((f) => f.includes(row.id) && f.endsWith(".eml"))).toHaveLength(2);
  });

  it("a refused post (empty name) stores nothing in PostgreSQL", async () => {
    const before = await schema.count("submissions");
    const outboxBefore = await schema.count("outbox");
    const answer = await postForm(`${site.origin}/contact`, contactFields({ name: "" }), { Origin: site.origin });
    expect(answer.status).toBe(400);
    expect(visibleText(answer.body)).toContain(NAME_REQUIRED);
    expect(await schema.count("submissions")).toBe(before);
    expect(await schema.count("outbox")).toBe(outboxBefore);
  });
});
