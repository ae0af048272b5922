/**
 * How many pages one client may have rendered: every other answer is a file, so a render
 * is the one thing a flood of requests can make this process spend its CPU on. Counted
 * per client address and minute, in this process's memory: the limit guards a process's
 * CPU, which no other replica shares (docs/decisions/0033).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface RenderLimit {
  /** Counts one render for `client`: null if it may go on, else the seconds to wait. */
  admit(client: string): Promise<number | null>;
}

/** `perMinute` 0: no limit. */
export function createRenderLimit(perMinute: number): RenderLimit {
  if (perMinute === 0) return { admit: async () => null };
  const limiter = new RateLimiterMemory({ keyPrefix: "renders", points: perMinute, duration: 60 });
  return {
    async admit(client) {
      try {
        await limiter.consume(client);
        return null;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      }
    },
  };
}
