/**
 * The site with its SQLite file on a volume that fills up, and then has room again: a
 * real 4 MB tmpfs, mounted in a mount namespace of the server's own (`unshare -m`), so
 * nothing else on the machine sees it. The test fills and empties it from inside that
 * namespace (`nsenter -m`). Posts must fail with the form's message and nothing half
 * stored, readiness must say the store cannot write and why, the log must name SQLite's
 * own error, and all of it must come right once space returns, without a restart.
 *
 * Mounting needs root and a kernel that allows a new mount namespace: elsewhere the file
 * is skipped with the reason.
 */
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLY_UPLOAD_FAILURE } from "../../app/forms/application/messages.ts";
import { CONTACT_FAILURE } from "../../app/forms/contact/messages.ts";
import { type Child, hasExited, startChild, stopChild, waitUntilAnswering } from "../support/processes.ts";
import { applicationFields, contactFields } from "./helpers/forms.ts";
import { type Answer, pdfBytes, postApplication, postContact, send, until, visibleText } from "./helpers/http.ts";
import { logText } from "./helpers/log-lines.ts";
import { baseEnv, BUILD_DIR, freePort, NODE, removeDir, ROOT, tempDir } from "../support/site-server.ts";

const run = promisify(execFile);

/** Why this machine cannot run the test, or null. */
function cannotMount(): string | null {
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  const probe = spawnSync("unshare", ["-m", "true"], { encoding: "utf8" });
  if (probe.error) return `unshare cannot run: ${probe.error.message}`;
  if (probe.status !== 0) return `unshare -m is not permitted here: ${probe.stderr.trim()}`;
  return null;
}

const skipReason = cannotMount();
if (skipReason) console.warn(`Full-disk tests SKIPPED: ${skipReason}`);

function expectFailureWithInputKept(answer: Answer, failure: string, fields: Record<string, string>) {
  expect(answer.status).toBe(503);
  expect(visibleText(answer.body)).toContain(failure);
  expect(answer.body).toContain(`value="${fields.email}"`);
}

describe.skipIf(skipReason !== null)("SQLite on a volume that fills up", () => {
  let mountPoint: string;
  let server: Child;
  let origin: string;
  let pid: number;
  const filler = () => join(mountPoint, "filler");
  const sqlitePath = () => join(mountPoint, "data", "blueberry.sqlite");
  /** A command run in the server's mount namespace, where the tmpfs is. */
  const inside = (command: string, ...args: string[]) =>
    run("nsenter", ["-t", String(pid), "-m", "--", command, ...args], { encoding: "utf8" });
  const readiness = async (path = "/readyz") => {
    const answer = await send(`${origin}${path}`);
    return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown> };
  };
  /** How many rows the SQLite file holds for this address, read inside the namespace. */
  const storedFor = async (email: string | undefined) => {
    const read = `const { DatabaseSync } = require("node:sqlite");
      const db = new DatabaseSync(process.argv[1], { readOnly: true });
      process.stdout.write(String(db.prepare("SELECT count(*) AS n FROM submissions WHERE email = ?").get(process.argv[2]).n));`;
    const { stdout } = await inside(NODE, "-e", read, sqlitePath(), email ?? "");
    return Number(stdout);
  };
  const log = () => logText(server.output());

  beforeAll(async () => {
    mountPoint = await tempDir("itest-full-disk");
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const env = {
      ...baseEnv(port, join(mountPoint, "data")),
      BUILD_DIR,
      // Mail to a closed port stays in the outbox: nothing but the store writes to the volume.
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    };
    // `unshare` execs the shell, which execs node: one PID, the server's, in its own namespace.
    server = startChild(
      "unshare",
      [
        "-m",
        "--propagation",
        "private",
        "sh",
        "-c",
        'mount -t tmpfs -o size=4m,mode=0700 tmpfs "$1" && exec "$2" server/index.ts',
        "sh",
        mountPoint,
        NODE,
      ],
      { cwd: ROOT, env },
    );
    pid = server.child.pid ?? -1;
    await waitUntilAnswering(server, `${origin}/readyz`, "the site on a tmpfs", 90_000);
  });

  afterAll(async () => {
    if (server) {
      await stopChild(server.child, "SIGTERM", 20_000);
      await server.exited;
    }
    // The tmpfs went with the namespace; the folder it covered is empty.
    if (mountPoint) await removeDir(mountPoint);
  });

  it("filled up: posts get the form's 503 with their input kept, and /readyz and /healthz answer 503 naming the full store", async () => {
    expect((await readiness()).status).toBe(200);
    // dd stops at ENOSPC and says so; the volume is then full.
    await inside("dd", "if=/dev/zero", `of=${filler()}`, "bs=64k").catch(() => {});
    const { stdout: df } = await inside("df", "-k", "--output=avail", mountPoint);
    expect(Number(df.trim().split("\n").at(-1))).toBe(0);

    const contact = contactFields();
    expectFailureWithInputKept(await postContact({ origin }, contact), CONTACT_FAILURE, contact);
    const application = applicationFields();
    expectFailureWithInputKept(
      await postApplication({ origin }, application, "cv.pdf", pdfBytes(40_000)),
      APPLY_UPLOAD_FAILURE,
      application,
    );
    expect(await storedFor(contact.email)).toBe(0);
    expect(await storedFor(application.email)).toBe(0);

    for (const path of ["/readyz", "/healthz"]) {
      const ready = await readiness(path);
      expect(ready.status, path).toBe(503);
      expect(ready.json, path).toMatchObject({ status: "store cannot write", store: "sqlite" });
      expect(String(ready.json.reason), path).toMatch(/database or disk is full/);
    }
    expect((await send(`${origin}/livez`)).status).toBe(200);
  });

  it("the log names SQLite's own error, not the failed ROLLBACK after it", () => {
    expect(log()).toMatch(/Could not store a contact submission:.*database or disk is full/);
    expect(log()).not.toMatch(/cannot rollback/);
  });

  it("space back: /readyz answers 200 within seconds and a post is stored, by the same process", async () => {
    expect((await readiness()).status).toBe(503);
    await inside("rm", filler());
    const back = Date.now();
    await until("/readyz to answer 200", async () => ((await readiness()).status === 200 ? true : undefined), 5000);
    expect(Date.now() - back).toBeLessThan(5000);

    const contact = contactFields();
    expect((await postContact({ origin }, contact)).status).toBe(303);
    expect(await storedFor(contact.email)).toBe(1);
    expect(hasExited(server.child)).toBe(false);
    expect(server.child.pid).toBe(pid);
  });
});
