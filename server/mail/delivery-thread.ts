/**
 * The outbox worker in a thread of its own (started by ./delivery.ts): composing mail,
 * writing or sending it and marking it sent never share the thread that answers
 * visitors. It reads the same validated environment as the server, opens its own store
 * connections and transport, and talks to the server thread in small messages
 * (./delivery-messages.ts): "kick" and "stop" in; "ready", each delivery's outcome for the
 * metrics, "stopped" and a start-up failure out. Its log lines go straight to the
 * process's stdout and stderr (server/log.ts writes them synchronously to the file
 * descriptors), not through the server thread.
 *
 * It runs at a lower priority (nice 10; on Linux a thread's nice value is its own): when
 * the machine is busy, visitors' requests get the CPU first and mail, which waits safely
 * in the store, catches up in the quieter moments. And while the server thread says it is
 * busy with visitors, mail goes at a trickle (./mail-pacer.ts, docs/decisions/0025).
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { readEnv } from "../env.ts";
import { lineLogger, log } from "../log.ts";
import { applicantDataLinkMaker, createLinkSigner, cvLinkMaker } from "../signed-links.ts";
import { openStore, storeOptionsFrom } from "../submissions/store.ts";
import { mailConfigFrom } from "./config.ts";
import {
  DELIVERY_THREAD_NICE,
  type DeliveryThreadData,
  type FromDeliveryThread,
  type ToDeliveryThread,
} from "./delivery-messages.ts";
import { createMailPacer } from "./mail-pacer.ts";
import { startOutboxWorker } from "./outbox-worker.ts";
import { createTransport } from "./transport.ts";

const port = parentPort;
if (!port) throw new Error("server/mail/delivery-thread.ts runs as a worker thread (server/mail/delivery.ts)");
const tell = (message: FromDeliveryThread) => port.postMessage(message);

try {
  setPriority(DELIVERY_THREAD_NICE);
} catch {
  // Not allowed or not supported here: mail is sent at normal priority, which is fine.
}

try {
  const { linkSecret } = workerData as DeliveryThreadData;
  const env = readEnv();
  const config = mailConfigFrom(env);
  // Checked before the store is opened: a bad secret or mail setting leaves nothing open.
  const cvSigner = createLinkSigner(linkSecret);
  const applicantSigner = createLinkSigner(linkSecret, "applicantData");
  const transport = createTransport(config, { smtpMaxConnections: env.SMTP_MAX_CONNECTIONS });
  // Its own connections: visitors' posts held up by a locked table cannot starve mail.
  const store = await openStore({ ...storeOptionsFrom(env), pool: { size: 2, name: "blueberry-site-outbox" } });
  const pacer = createMailPacer();
  const outbox = startOutboxWorker({
    store,
    transport,
    config,
    pollIntervalMs: env.OUTBOX_POLL_SECONDS * 1000,
    concurrency: env.OUTBOX_CONCURRENCY,
    probeIntervalMs: env.OUTBOX_PROBE_SECONDS * 1000,
    backoff: { baseMs: env.OUTBOX_RETRY_SECONDS * 1000, maxMs: 60 * 60_000 },
    cvLink: cvLinkMaker(cvSigner, config.siteUrl, env.CV_LINK_DAYS),
    applicantDataLink: applicantDataLinkMaker(applicantSigner, config.siteUrl, env.RETENTION_APPLICATION_DAYS),
    pendingAlertAfterMs: env.MAIL_ALERT_AFTER_MINUTES * 60_000,
    log: lineLogger(log),
    onDelivery: (outcome, kind) => tell({ type: "delivery", outcome, kind }),
    pace: async () => {
      await pacer.turn();
    },
  });

  let stopping = false;
  port.on("message", (message: ToDeliveryThread) => {
    if (message === "kick") outbox.kick();
    else if (message === "visitors-busy" || message === "visitors-calm") pacer.setBusy(message === "visitors-busy");
    else if (message === "stop" && !stopping) {
      stopping = true;
      void (async () => {
        await outbox.stop();
        transport.close();
        await store.close();
        tell({ type: "stopped" });
        port.close();
      })();
    }
  });
  tell({ type: "ready" });
} catch (error) {
  tell({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  port.close();
}
