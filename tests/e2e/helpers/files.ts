/** Real files for the CV field: small, exact-size PDFs in a temporary folder. */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "@playwright/test";

export { pdfBytes } from "../../support/pdf.ts";

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export type TestFile = ReturnType<ReturnType<typeof tempFiles>["write"]>;

/**
 * Files for the tests of one spec file: `write` runs before its tests (in each worker) to
 * fill the returned map, and the folder is removed after them. Read the map inside tests.
 */
export function filesForTests<Name extends string>(
  write: (files: ReturnType<typeof tempFiles>) => Record<Name, TestFile>,
): Record<Name, TestFile> {
  const written = {} as Record<Name, TestFile>;
  let files: ReturnType<typeof tempFiles> | undefined;
  test.beforeAll(() => {
    files = tempFiles();
    Object.assign(written, write(files));
  });
  test.afterAll(() => files?.remove());
  return written;
}

/** A temporary folder for test files; `remove()` deletes it. */
export function tempFiles() {
  const dir = mkdtempSync(join(tmpdir(), "blueberry-e2e-"));
  return {
    dir,
    /** Writes a file and returns its path and bytes. */
    write(name: string, bytes: Buffer) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return { path, name, bytes, sha256: sha256(bytes) };
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
