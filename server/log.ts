/**
 * The server's log: one JSON object per line, `{"level","time","msg", …fields}`, written
 * with pino. Warnings and errors go to stderr, the rest to stdout, as console.error and
 * console.log did; both written synchronously, so a line logged just before
 * `process.exit` is not lost. A line logged while a request is handled carries that
 * request's `requestId` (AsyncLocalStorage, set by server/app.ts), whatever module logs
 * it. `npm run dev` prints the same lines in a readable form instead.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger } from "pino";

interface RequestScope {
  requestId: string;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `handle` as the request `requestId`: every line logged inside it carries the id. */
export function withRequestId<T>(requestId: string, handle: () => T): T {
  return requestScope.run({ requestId }, handle);
}

/** The id of the request being handled here, if any. */
function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

export interface LoggerOptions {
  /** Where info and debug lines go; default stdout. */
  stdout?: DestinationStream;
  /** Where warnings and errors go; default stderr. */
  stderr?: DestinationStream;
  /** Readable lines (`12:00:00 INFO msg {fields}`) for a developer's terminal. */
  readable?: boolean;
  level?: pino.LevelWithSilent;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  let stdout = options.stdout ?? pino.destination({ fd: 1, sync: true });
  let stderr = options.stderr ?? pino.destination({ fd: 2, sync: true });
  if (options.readable) {
    stdout = readable(stdout);
    stderr = readable(stderr);
  }
  return pino(
    {
      level: options.level ?? "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    // dedupe: a line goes to the one stream with the highest level at or below its own.
    pino.multistream(
      [
        { level: "trace", stream: stdout },
        { level: "warn", stream: stderr },
      ],
      { dedupe: true },
    ),
  );
}

/** The process's logger. */
export const log: Logger = createLogger({ readable: process.argv.includes("--dev") });

/** The `{ info, error }` pair the outbox worker and the store's start-up take. */
export function lineLogger(logger: Logger = log) {
  return { info: (msg: string) => logger.info(msg), error: (msg: string) => logger.error(msg) };
}

/**
 * Sends console.* to the logger, so what the bundled app and the libraries print
 * (`Could not store a contact submission: …`, React's render errors) is a JSON line with
 * the request's id too. An Error among the arguments is logged as `err`, stack included.
 */
export function sendConsoleToLog(logger: Logger = log): void {
  const to =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const msg = format(...args.map((arg) => (arg instanceof Error ? arg.message : arg)));
      if (error) logger[level]({ err: error }, msg);
      else logger[level](msg);
    };
  console.debug = to("debug");
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
}

/** Rewrites each JSON line as `time LEVEL msg {other fields}`. */
function readable(stream: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      try {
        const { time, level, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
        const clock = typeof time === "string" ? time.slice(11, 19) : "";
        const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : "";
        stream.write(`${clock} ${String(level).toUpperCase()} ${String(msg ?? "")}${rest}\n`);
      } catch {
        stream.write(line);
      }
    },
  };
}
