/**
 * What `/readyz` answers for what the store reports (server/health.ts), and what it logs:
 * a store that cannot write makes it 503 with the reason, and the change is logged once,
 * not at every poll of a load balancer.
 */
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerHealth } from "../../server/health.ts";
import { log } from "../../server/log.ts";
import type { Store, StoreReadiness } from "../../server/submissions/store-types.ts";

function storeReporting(readiness: () => StoreReadiness): Store {
  return { dialect: "sqlite", readiness: async () => readiness() } as unknown as Store;
}

async function ask(store: Store, path = "/readyz") {
  let status = 0;
  let body = "";
  const res = {
    writeHead(code: number) {
      status = code;
      return res;
    },
    end(text: string) {
      body = text;
    },
  } as unknown as ServerResponse;
  await answerHealth(path, store, res, () => new Date("2026-01-15T10:00:00Z"));
  return { status, json: JSON.parse(body) as Record<string, unknown> };
}

const READY: StoreReadiness = {
  schema: { expected: 5, applied: 5 },
  outbox: { pending: 2, oldestPendingAt: new Date("2026-01-15T09:59:00Z") },
  cannotWrite: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/readyz", () => {
  it("answers 503 with the reason while the store cannot write, still reporting the schema and the outbox", async () => {
    expect((await ask(storeReporting(() => READY))).status).toBe(200);
    const reason = "the store cannot write: database or disk is full";
    const store = storeReporting(() => ({ ...READY, cannotWrite: reason }));
    for (const path of ["/readyz", "/healthz"]) {
      const ready = await ask(store, path);
      expect(ready.status, path).toBe(503);
      expect(ready.json, path).toEqual({
        status: "store cannot write",
        store: "sqlite",
        reason,
        schema: { expected: 5, applied: 5 },
        outbox: { pending: 2, oldestPendingSeconds: 60 },
      });
    }
  });

  it("logs that the store cannot write once, and once that it can again, however often it is asked", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const infos = vi.spyOn(log, "info").mockImplementation(() => {});
    let cannotWrite: string | null = null;
    const store = storeReporting(() => ({ ...READY, cannotWrite }));
    await ask(store);
    cannotWrite = "the store cannot write: database or disk is full";
    for (let i = 0; i < 5; i++) await ask(store);
    cannotWrite = null;
    for (let i = 0; i < 5; i++) await ask(store);
    expect(errors.mock.calls.map((call) => call[0])).toEqual([
      "Readiness check: the store cannot write: database or disk is full; not ready until it can write",
    ]);
    expect(infos.mock.calls.map((call) => call[0])).toEqual(["Readiness check: the store can write again"]);
  });
});
