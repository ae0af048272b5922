/**
 * The form posts' rate limit per client address, shared by every replica: two counters
 * from rate-limiter-flexible, kept in PostgreSQL when DATABASE_URL is set (one table,
 * `rate_limits`, created on first start) and in memory otherwise (SQLite means one
 * process). Every post counts as an attempt (RATE_LIMIT_MAX_ATTEMPTS); a post also
 * reserves one accepted submission (RATE_LIMIT_MAX_POSTS), given back when the post was
 * refused, so mistakes a visitor corrects do not use up their submissions.
 */
import pg from "pg";
import type { DatabaseLimits } from "./submissions/store-types.ts";
import { log } from "./log.ts";
import { isAlreadyExists } from "./submissions/db-errors.ts";
import { postgresTimeouts, survivingDroppedConnections } from "./submissions/dialects.ts";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface PostLimits {
  /** Posts of any outcome per window. */
  maxAttempts: number;
  /** Accepted submissions per window. */
  maxAccepted: number;
  windowSeconds: number;
}

export type PostAdmission =
  | {
      admitted: true;
      /** The post was refused after all (a field to fix, a failed store): give its reservation back. */
      notAccepted(): Promise<void>;
    }
  | { admitted: false; retryAfterSeconds: number };

export interface PostRateLimit {
  /** Counts one post from `key` and says whether it may go on. */
  admit(key: string): Promise<PostAdmission>;
  /**
   * Seconds until `key` may post again if it is over a limit now, else null; counts
   * nothing. For a post refused before it is counted, so a client already over the limit
   * is told so whatever else is wrong with its post.
   */
  retryAfter(key: string): Promise<number | null>;
  close(): Promise<void>;
}

const TABLE = "rate_limits";

/**
 * A count is one tiny upsert: if PostgreSQL has not answered in half a second it is not
 * going to, and the post goes on with the in-memory count instead of waiting.
 */
const COUNTER_LIMITS: DatabaseLimits = { statementMs: 500, acquireMs: 1000 };

export async function openPostRateLimit(limits: PostLimits, databaseUrl?: string): Promise<PostRateLimit> {
  const pool = databaseUrl ? createPool(databaseUrl) : null;
  const counter = async (keyPrefix: string, points: number): Promise<RateLimiterAbstract> => {
    const options = { keyPrefix, points, duration: limits.windowSeconds };
    if (!pool) return new RateLimiterMemory(options);
    // While PostgreSQL does not answer, each replica counts on its own rather than failing the form.
    const insuranceLimiter = new RateLimiterMemory(options);
    const open = () =>
      new Promise<RateLimiterPostgres>((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          { ...options, storeClient: pool, tableName: TABLE, insuranceLimiter },
          (error?: Error) => (error ? reject(error) : resolve(limiter)),
        );
      });
    // Replicas starting together all run the library's CREATE TABLE IF NOT EXISTS, which
    // PostgreSQL does not make safe at once: the losers fail with "type … already exists"
    // (the library forgives only the other form of that race). The table is there then,
    // so trying again succeeds.
    for (let attempt = 1; ; attempt++) {
      try {
        return await open();
      } catch (error) {
        if (attempt >= 5 || !isAlreadyExists(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
  // One after the other: both create the same table, and PostgreSQL does not like that at once.
  const attempts = await counter("form_attempts", limits.maxAttempts);
  const accepted = await counter("form_accepted", limits.maxAccepted);

  return {
    async admit(key) {
      // Both at once: while PostgreSQL does not answer, each waits out its time limit, and
      // the visitor should wait for one of them, not both.
      const [attempt, acceptance] = await Promise.allSettled([attempts.consume(key), accepted.consume(key)]);
      for (const outcome of [attempt, acceptance]) {
        if (outcome.status === "rejected" && !(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      }
      const refusal = [attempt, acceptance].find((o) => o.status === "rejected")?.reason as RateLimiterRes | undefined;
      if (refusal) {
        // Refused for too many attempts: the submission it reserved is given back.
        if (acceptance.status === "fulfilled") await accepted.reward(key);
        return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
      return { admitted: true, notAccepted: () => givenBack(accepted.reward(key)) };
    },
    async retryAfter(key) {
      const states = await Promise.allSettled([attempts.get(key), accepted.get(key)]);
      const maxima = [limits.maxAttempts, limits.maxAccepted];
      let waitMs = 0;
      states.forEach((state, i) => {
        // A count that cannot be read (PostgreSQL silent) is no reason to refuse.
        if (state.status !== "fulfilled" || !state.value) return;
        if (state.value.consumedPoints >= (maxima[i] ?? Infinity)) waitMs = Math.max(waitMs, state.value.msBeforeNext);
      });
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
    },
    async close() {
      await pool?.end();
    },
  };
}

function createPool(databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 4,
    // A stalled database fails the count (the insurance limiter takes over) instead of holding the post.
    ...postgresTimeouts(COUNTER_LIMITS),
    application_name: "blueberry-site-rate-limit",
  });
  survivingDroppedConnections(pool, (message) => log.error(`PostgreSQL (rate limit) ${message}`));
  return pool;
}

/**
 * Waits for a reservation to be given back, but no more than a moment: normally that is
 * a millisecond, so the visitor's next post sees it; a silent database must not hold an
 * answer that is already decided.
 */
function givenBack(reward: Promise<unknown>): Promise<void> {
  const settled = reward.then(
    () => undefined,
    (error: unknown) => log.error(`Rate limit: could not give a reservation back: ${String(error)}`),
  );
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, 200).unref())]);
}
