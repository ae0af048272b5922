/**
 * The form posts' rate limit per client address, shared by every replica: two counters
 * from rate-limiter-flexible, kept in PostgreSQL when DATABASE_URL is set (one table,
 * `rate_limits`, created on first start) and in memory otherwise (SQLite means one
 * process). Every post counts as an attempt (RATE_LIMIT_MAX_ATTEMPTS); a post also
 * reserves one accepted submission (RATE_LIMIT_MAX_POSTS), given back when the post was
 * refused, so mistakes a visitor corrects do not use up their submissions.
 */
import pg from "pg";
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
  close(): Promise<void>;
}

const TABLE = "rate_limits";

export async function openPostRateLimit(limits: PostLimits, databaseUrl?: string): Promise<PostRateLimit> {
  const pool = databaseUrl ? createPool(databaseUrl) : null;
  const counter = async (keyPrefix: string, points: number): Promise<RateLimiterAbstract> => {
    const options = { keyPrefix, points, duration: limits.windowSeconds };
    if (!pool) return new RateLimiterMemory(options);
    // While PostgreSQL does not answer, each replica counts on its own rather than failing the form.
    const insuranceLimiter = new RateLimiterMemory(options);
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        { ...options, storeClient: pool, tableName: TABLE, insuranceLimiter },
        (error?: Error) => (error ? reject(error) : resolve(limiter)),
      );
    });
  };
  // One after the other: both create the same table, and PostgreSQL does not like that at once.
  const attempts = await counter("form_attempts", limits.maxAttempts);
  const accepted = await counter("form_accepted", limits.maxAccepted);

  return {
    async admit(key) {
      try {
        await attempts.consume(key);
        await accepted.consume(key);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
      return { admitted: true, notAccepted: () => accepted.reward(key).then(() => undefined) };
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
    connectionTimeoutMillis: 5_000,
    application_name: "blueberry-site-rate-limit",
  });
  // An idle client's error must not end the process; the pool replaces the client.
  pool.on("error", (error) => console.error(`PostgreSQL (rate limit) idle connection error: ${error.message}`));
  return pool;
}
