/**
 * Runs the outbox worker in its own thread (./delivery-thread.ts), so that delivering
 * mail never takes time from answering visitors: the request thread only stores a
 * submission and its outbox rows, then asks for a pass (`kick`). The thread is watched:
 * if it ever ends on its own it is started again, after 1 s and then up to a minute
 * between tries. Nothing is lost meanwhile: the mail waits in the store.
 */
import { Worker } from "node:worker_threads";
import type { MailKind } from "../submissions/store-types.ts";
import type { DeliveryThreadData, FromDeliveryThread, ToDeliveryThread } from "./delivery-messages.ts";
import { type RequestLoadOptions, watchRequestLoad } from "./request-load.ts";

export interface DeliveryOptions extends DeliveryThreadData {
  /** Told of each send the transport accepted or refused (the metrics). */
  onDelivery?: (outcome: "sent" | "failed", kind: MailKind) => void;
  log: { info(msg: string): void; error(msg: string): void };
  /** The thread's environment; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** The thread's module; tests give a stand-in. */
  entry?: URL;
  /** The first wait before starting a thread that ended; doubled per failure up to a minute. */
  restartDelayMs?: number;
  /** How this thread's load is judged busy or calm (tests); default ./request-load.ts's. */
  requestLoad?: RequestLoadOptions;
}

export interface Delivery {
  /** A pass soon; asks the thread once per event-loop turn however many submissions came. */
  kick(): void;
  /** Waits for the sends in flight and the last marks, then ends the thread. */
  stop(): Promise<void>;
}

/** The error a thread that could not start rejects with: the thread's own reason. */
export class DeliveryStartError extends Error {}

const THREAD_ENTRY = new URL("./delivery-thread.ts", import.meta.url);
const MAX_RESTART_DELAY_MS = 60_000;
/** A thread that ran this long before it ended starts the delays from the beginning. */
const HEALTHY_RUN_MS = 60_000;

/** Starts the thread; resolves once it runs, rejects with its reason if it cannot start. */
export async function startDelivery(options: DeliveryOptions): Promise<Delivery> {
  const { log } = options;
  const firstDelayMs = options.restartDelayMs ?? 1000;
  let thread = await startThread(options);
  let startedAt = performance.now();
  let stopping = false;
  let restartDelayMs = firstDelayMs;
  let restartTimer: NodeJS.Timeout | undefined;
  let kickQueued = false;
  // Mail gives way while this thread is busy with visitors (docs/decisions/0025).
  const requestLoad = watchRequestLoad(
    (busy) => send(thread, busy ? "visitors-busy" : "visitors-calm"),
    options.requestLoad,
  );

  function watch(current: Worker): void {
    current.on("error", (error) => log.error(`mail delivery thread failed: ${error.message}`));
    current.once("exit", (code) => {
      if (stopping || current !== thread) return;
      if (performance.now() - startedAt >= HEALTHY_RUN_MS) restartDelayMs = firstDelayMs;
      log.error(
        `mail delivery thread ended unexpectedly (exit code ${code}); starting it again in ${restartDelayMs / 1000} s. ` +
          "Undelivered mail waits in the store meanwhile.",
      );
      scheduleRestart();
    });
  }

  /** The next try after the current delay, which then doubles up to a minute. */
  function scheduleRestart(): void {
    restartTimer = setTimeout(restart, restartDelayMs);
    restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
  }

  function restart(): void {
    startThread(options).then(
      (started) => {
        if (stopping) {
          void stopThread(started);
          return;
        }
        thread = started;
        startedAt = performance.now();
        watch(started);
        if (requestLoad.busy()) send(started, "visitors-busy");
        log.info("mail delivery thread started again");
      },
      (error: unknown) => {
        log.error(
          `mail delivery thread could not start again: ${error instanceof Error ? error.message : String(error)}; ` +
            `next try in ${restartDelayMs / 1000} s`,
        );
        scheduleRestart();
      },
    );
  }

  watch(thread);
  return {
    kick() {
      if (kickQueued || stopping) return;
      kickQueued = true;
      setImmediate(() => {
        kickQueued = false;
        send(thread, "kick");
      });
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(restartTimer);
      requestLoad.stop();
      await stopThread(thread);
    },
  };
}

function send(thread: Worker, message: ToDeliveryThread): void {
  // A thread that has just ended takes no message; its successor starts with a pass anyway.
  if (thread.threadId !== -1) thread.postMessage(message);
}

function startThread(options: DeliveryOptions): Promise<Worker> {
  const data: DeliveryThreadData = { linkSecret: options.linkSecret };
  const thread = new Worker(options.entry ?? THREAD_ENTRY, {
    workerData: data,
    // The server's own flags (--dev: readable log lines), which a thread does not inherit.
    argv: process.argv.slice(2),
    ...(options.env ? { env: options.env } : {}),
  });
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      thread.off("message", onMessage);
      thread.off("exit", exited);
      void thread.terminate();
      reject(error);
    };
    const exited = (code: number) =>
      failed(new DeliveryStartError(`the thread ended before it was ready (exit code ${code})`));
    const onMessage = (message: FromDeliveryThread) => {
      if (message.type === "delivery") options.onDelivery?.(message.outcome, message.kind);
      else if (message.type === "ready") {
        thread.off("exit", exited);
        thread.off("error", failed);
        resolve(thread);
      } else if (message.type === "failed") failed(new DeliveryStartError(message.message));
    };
    thread.on("message", onMessage);
    thread.once("error", failed);
    thread.once("exit", exited);
  });
}

/** Asks the thread to finish and waits until it has ended. */
async function stopThread(thread: Worker): Promise<void> {
  if (thread.threadId === -1) return;
  const ended = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
  const stopped = new Promise<void>((resolve) =>
    thread.on("message", (message: FromDeliveryThread) => {
      if (message.type === "stopped") resolve();
    }),
  );
  thread.postMessage("stop" satisfies ToDeliveryThread);
  await Promise.race([stopped, ended]);
  // Everything is closed by now; whatever else still holds the thread's loop does not matter.
  await thread.terminate();
  await ended;
}
