/**
 * A stand-in for server/mail/delivery-thread.ts that crashes: in its first life it ends
 * (exit code 3) on the first "kick"; in later lives it answers each "kick" with one sent
 * delivery. Lives are counted as files in STANDIN_DIR, so the test sees each start; each
 * life also writes the flags it was started with (`argv-<life>.json`).
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parentPort } from "node:worker_threads";
import type { FromDeliveryThread, ToDeliveryThread } from "../../../server/mail/delivery-messages.ts";

const port = parentPort;
const dir = process.env.STANDIN_DIR;
if (!port || !dir) throw new Error("run by startDelivery with STANDIN_DIR set");
const life = readdirSync(dir).filter((name) => name.startsWith("life-")).length + 1;
writeFileSync(join(dir, `life-${life}`), "");
writeFileSync(join(dir, `argv-${life}.json`), JSON.stringify(process.argv.slice(2)));
const tell = (message: FromDeliveryThread) => port.postMessage(message);

port.on("message", (message: ToDeliveryThread) => {
  if (message === "kick") {
    if (life === 1) process.exit(3);
    tell({ type: "delivery", outcome: "sent", kind: "company_notification" });
  } else {
    tell({ type: "stopped" });
    port.close();
  }
});
tell({ type: "ready" });
