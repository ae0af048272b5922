/** Scratch folders for tests under tests/.tmp (ignored by git), each removed by the test that made it. */
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { ROOT } from "./processes.ts";

export const TMP_ROOT = join(ROOT, "tests", ".tmp");

/** A fresh folder under tests/.tmp. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = join(TMP_ROOT, `${prefix}-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
