/**
 * Mail is delivered by a thread of its own (server/mail/delivery.ts), never by the thread
 * that answers visitors: the real server writes the mail of a posted form from that
 * thread, which runs at a lower priority; a thread that cannot start says why; one that
 * crashes is started again and mail goes on.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_THREAD_NICE } from "../../server/mail/delivery-messages.ts";
import { DeliveryStartError, startDelivery } from "../../server/mail/delivery.ts";
import { openStore } from "../../server/submissions/store.ts";
import { contactInput } from "../unit/helpers/mail-fixtures.ts";
import { contactFields } from "./helpers/forms.ts";
import { postContact, until } from "./helpers/http.ts";
import { readProcStat } from "../support/processes.ts";
import { removeDir, type Site, startSite, tempDir } from "../support/site-server.ts";

/** Each thread of a Linux process: its id, name and nice value. */
function threadsOf(pid: number): { tid: number; name: string; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const { name, nice } = readProcStat(`/proc/${pid}/task/${tid}/stat`);
      return [{ tid: Number(tid), name, nice }];
    } catch {
      return []; // The thread ended while we looked.
    }
  });
}

function collectingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (msg: string) => void lines.push(msg), error: (msg: string) => void lines.push(msg) },
  };
}

describe("the real server", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.runIf(process.platform === "linux")(
    "writes a posted form's mail from a thread of its own at nice 10, while the thread answering visitors keeps nice 0",
    async () => {
      const answer = await postContact(site, contactFields({ email: "thread.check@example.com" }));
      expect(answer.status).toBe(303);
      const outbox = join(site.dataDir, "outbox");
      const files = await until("the mail in the file outbox", () => {
        try {
          const names = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
          return names.length > 0 ? names : undefined;
        } catch {
          return undefined; // The outbox folder is made with the first mail.
        }
      });
      expect(files).toHaveLength(1);
      expect(readFileSync(join(outbox, files[0] ?? ""), "utf8")).toContain("thread.check@example.com");

      const threads = threadsOf(site.pid);
      const main = threads.find((t) => t.tid === site.pid);
      expect(main?.nice).toBe(0);
      const delivery = threads.filter((t) => t.name === "WorkerThread");
      expect(delivery.map((t) => t.nice)).toEqual([DELIVERY_THREAD_NICE]);
    },
  );
});

describe("startDelivery", () => {
  it("refuses to start with a link secret shorter than 32 characters, saying so", async () => {
    const dataDir = await tempDir("itest-delivery");
    try {
      const { log } = collectingLog();
      const started = startDelivery({ linkSecret: "too-short", log, env: { DATA_DIR: dataDir } });
      await expect(started).rejects.toThrow(DeliveryStartError);
      await expect(started).rejects.toThrow("the link secret must be at least 32 characters");
      // Checked before the store was opened: nothing was created.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await removeDir(dataDir);
    }
  });

  it("starts a thread that crashed again with the server's flags, logs both, and mail goes on through the new one", async () => {
    const lives = await tempDir("itest-delivery-lives");
    const { lines, log } = collectingLog();
    const deliveries: string[] = [];
    // As `npm run dev` starts the server: the thread must see the flag too.
    const argvBefore = [...process.argv];
    process.argv.push("--dev");
    const delivery = await startDelivery({
      linkSecret: "x".repeat(32),
      log,
      env: { STANDIN_DIR: lives },
      entry: new URL("./helpers/crashing-delivery-thread.ts", import.meta.url),
      restartDelayMs: 50,
      onDelivery: (outcome, kind) => deliveries.push(`${outcome} ${kind}`),
    });
    try {
      delivery.kick(); // The first life ends on it.
      await until("the second start", () => (lines.includes("mail delivery thread started again") ? true : undefined));
      expect(lines[0]).toMatch(
        /^mail delivery thread ended unexpectedly \(exit code 3\); starting it again in 0\.05 s/,
      );
      expect(readdirSync(lives).filter((name) => name.startsWith("life-"))).toEqual(["life-1", "life-2"]);
      // Each life gets the server's own flags (--dev makes the log lines readable).
      expect(JSON.parse(readFileSync(join(lives, "argv-2.json"), "utf8"))).toContain("--dev");
      delivery.kick();
      await until("a delivery from the new thread", () => (deliveries.length > 0 ? true : undefined));
      expect(deliveries).toEqual(["sent company_notification"]);
    } finally {
      process.argv.splice(0, process.argv.length, ...argvBefore);
      await delivery.stop();
      await removeDir(lives);
    }
  });

  it("while this thread is busy with visitors, mail goes at a trickle; once it is calm, the rest goes at once", async () => {
    const dataDir = await tempDir("itest-delivery-busy");
    const outbox = join(dataDir, "outbox");
    const written = () => {
      try {
        return readdirSync(outbox).filter((name) => name.endsWith(".eml")).length;
      } catch {
        return 0; // The folder is made with the first mail.
      }
    };
    const store = await openStore({ sqlitePath: join(dataDir, "blueberry.sqlite") });
    const { log } = collectingLog();
    const delivery = await startDelivery({
      linkSecret: "x".repeat(32),
      log,
      env: { DATA_DIR: dataDir },
      requestLoad: { intervalMs: 50 },
    });
    try {
      // This machine's full speed, while calm: how long one mail takes here (a slow disk or a
      // busy machine takes longer, and "at once" below means at this speed).
      const CALIBRATION = 40;
      for (let i = 0; i < CALIBRATION; i++) {
        await store.save(contactInput({ name: `Calm ${i}` }), ["company_notification"], new Date());
      }
      const calibrationAt = performance.now();
      delivery.kick();
      await until("the calm mails at full speed", () => (written() === CALIBRATION ? true : undefined));
      const fullSpeedMsPerMail = (performance.now() - calibrationAt) / CALIBRATION;
      // Stored without a kick, after the thread's pass: they wait for the next one.
      await new Promise<void>((resolve) => setTimeout(resolve, 500));
      const MAILS = 200;
      for (let i = 0; i < MAILS; i++) {
        await store.save(contactInput({ name: `Visitor ${i}` }), ["company_notification"], new Date());
      }
      expect(written()).toBe(CALIBRATION);
      // Visitors keep this thread working nearly all the time (it still answers events).
      let busy = true;
      const visitors = (async () => {
        while (busy) {
          const sliceEnd = performance.now() + 20;
          while (performance.now() < sliceEnd) {
            // Spin: the work of answering visitors.
          }
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      })();
      await new Promise<void>((resolve) => setTimeout(resolve, 300)); // Long enough to be judged busy.
      delivery.kick();
      // Mail still goes while visitors come first (on a loaded machine the first pass may
      // take a while to start, so the window is measured from the first mail).
      await until("a first mail while visitors keep this thread busy", () =>
        written() > CALIBRATION ? true : undefined,
      );
      const firstSeen = written();
      await new Promise<void>((resolve) => setTimeout(resolve, 1500));
      const duringBurst = written() - firstSeen;
      busy = false;
      await visitors;
      // 20 a second while busy: about 30 in 1.5 s. At full speed the thread writes all 200
      // in well under a second.
      expect(duringBurst, "mail gave way to the visitors").toBeLessThan(MAILS / 2);
      const calmAt = performance.now();
      const left = CALIBRATION + MAILS - written();
      await until(
        "every mail once this thread is calm",
        () => (written() === CALIBRATION + MAILS ? true : undefined),
        60_000,
      );
      // At this machine's full speed (with room for a busier moment: the suite runs beside it,
      // and the calibration saw another moment of its load), not one per 50 ms:
      // where the two cannot be told apart (a full speed near the trickle's) this cannot fail.
      const trickleMs = left * 50;
      expect(performance.now() - calmAt).toBeLessThan(Math.max(6 * left * fullSpeedMsPerMail + 2000, trickleMs / 3));
    } finally {
      await delivery.stop();
      await store.close();
      await removeDir(dataDir);
    }
  });
});
