/**
 * One run of the submissions tool: the command line, then the settings, then a file
 * command or a store command, and the exit code. `submissions.ts` runs it for the
 * process; the tests run it in theirs.
 */
import { type Env, EnvError, readEnv } from "../env.ts";
import { openStoreWhenReachable, StoreStartError } from "../submissions/store.ts";
import type { Store } from "../submissions/store-types.ts";
import { type CommandLine, parseCommandLine, USAGE, UsageError } from "./command-line.ts";
import { runFileCommand, sqlitePathOf } from "./file-commands.ts";
import { runStoreCommand } from "./store-commands.ts";
import type { Terminal } from "./terminal.ts";

/** Usage and settings mistakes: the message (and the usage text), exit 2; anything else is a bug. */
function usageFailure(error: unknown, terminal: Terminal): number {
  if (error instanceof EnvError) {
    terminal.err(error.message);
    return 2;
  }
  if (!(error instanceof UsageError) && !(error instanceof TypeError && "code" in error)) throw error;
  terminal.err(`${error.message}\n\n${USAGE}`);
  return 2;
}

/** The store for one command, or exit 1 with the reason when it cannot be reached. */
async function openStoreForCommand(env: Env, terminal: Terminal): Promise<Store | number> {
  try {
    // One attempt, unlike the server's start: an operator (or cron) wants the answer now.
    // An operator's command may read or delete many rows, and may wait for the running
    // server's write lock: a minute per statement, not the server's seconds.
    return await openStoreWhenReachable(
      {
        databaseUrl: env.DATABASE_URL,
        sqlitePath: sqlitePathOf(env),
        limits: { statementMs: 60_000, acquireMs: 10_000 },
        pool: { size: 2, name: "blueberry-submissions-cli" },
      },
      { giveUpAfterMs: 0, log: () => {} },
    );
  } catch (error) {
    if (!(error instanceof StoreStartError)) throw error;
    terminal.err(error.message);
    return 1;
  }
}

/** The whole command, with its settings read from `source`: its exit code. */
export async function runSubmissionsCommand(
  argv: string[],
  source: NodeJS.ProcessEnv,
  terminal: Terminal,
): Promise<number> {
  // Help and the command line's own mistakes need no settings and no store.
  let args: CommandLine;
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    return usageFailure(error, terminal);
  }
  if (args.help) {
    terminal.out(USAGE);
    return 0;
  }
  let env: Env;
  try {
    env = readEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    terminal.err(error.message);
    return 2;
  }
  try {
    const code = runFileCommand(env, args, terminal);
    if (code !== null) return code;
  } catch (error) {
    return usageFailure(error, terminal);
  }
  const store = await openStoreForCommand(env, terminal);
  if (typeof store === "number") return store;
  try {
    return await runStoreCommand(store, env, args, terminal);
  } catch (error) {
    return usageFailure(error, terminal);
  } finally {
    await store.close();
  }
}
