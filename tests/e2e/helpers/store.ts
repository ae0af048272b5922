/**
 * The submissions store the test server writes to, opened beside it (as the company's
 * tools would) to check what was really kept.
 */
import { openStore } from "../../../server/submissions/store.ts";
import type { Store, StoredSubmission } from "../../../server/submissions/store-types.ts";
import { SQLITE_PATH } from "./e2e-env.ts";

let opened: Promise<Store> | null = null;

/** One connection per worker, opened on first use. */
export function testStore(): Promise<Store> {
  opened ??= openStore({ sqlitePath: SQLITE_PATH });
  return opened;
}

export async function closeTestStore(): Promise<void> {
  const store = opened;
  opened = null;
  if (store) await (await store).close();
}

/** Every submission sent with this e-mail address (each test uses its own). */
export async function submissionsFrom(email: string): Promise<StoredSubmission[]> {
  const all = await (await testStore()).list();
  return all.filter((s) => s.email === email);
}
