/**
 * Replicas starting at the same moment on a new PostgreSQL schema all create the rate
 * limit's table (rate-limiter-flexible's CREATE TABLE IF NOT EXISTS). PostgreSQL lets all
 * but one of those fail ("type rate_limits already exists"), which once ended a replica
 * at start in CI. Each opening must succeed and share the one count.
 */
import { describe, expect, it } from "vitest";
import { openPostRateLimit } from "../../server/rate-limit.ts";
import { createSchema, postgresAvailable } from "./helpers/postgres.ts";

const pgReady = await postgresAvailable("rate limit start-up race (rate-limit-start.test.ts)");
const LIMITS = { maxAttempts: 100, maxAccepted: 3, windowSeconds: 600 };

describe.skipIf(!pgReady)("eight replicas opening the rate limit at once on a new schema", () => {
  it("all open, five times over, and they share one count", async () => {
    for (let round = 0; round < 5; round++) {
      const schema = await createSchema("itest_rlstart");
      try {
        const opened = await Promise.allSettled(Array.from({ length: 8 }, () => openPostRateLimit(LIMITS, schema.url)));
        const failures = opened.filter((o) => o.status === "rejected").map((o) => String(o.reason));
        const limits = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
        try {
          expect(failures).toEqual([]);
          // Three accepted posts per window, counted across the replicas.
          const answers = [];
          for (const limit of limits.slice(0, 4)) answers.push((await limit.admit("203.0.113.7")).admitted);
          expect(answers).toEqual([true, true, true, false]);
        } finally {
          await Promise.all(limits.map((limit) => limit.close()));
        }
      } finally {
        await schema.drop();
      }
    }
  });
});
