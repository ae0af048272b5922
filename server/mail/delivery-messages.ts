/** What the server thread and the delivery thread (./delivery-thread.ts) say to each other. */
import type { MailKind } from "../submissions/store-types.ts";

/** Handed to the thread at its start. */
export interface DeliveryThreadData {
  /** The secret of the signed links in the mail, as the server resolved it (env or store). */
  linkSecret: string;
}

/**
 * "kick": deliver soon (mail was stored); "stop": finish what is in flight, close, report
 * "stopped"; "visitors-busy" and "visitors-calm": the request thread became busy, or calm
 * again, so mail goes at a trickle, or at full speed again (./mail-pacer.ts).
 */
export type ToDeliveryThread = "kick" | "stop" | "visitors-busy" | "visitors-calm";

export type FromDeliveryThread =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "delivery"; outcome: "sent" | "failed"; kind: MailKind }
  | { type: "stopped" };

/**
 * The delivery thread's nice value (higher is lower priority): 10 leaves the request thread
 * about nine tenths of a core they both want.
 */
export const DELIVERY_THREAD_NICE = 10;
