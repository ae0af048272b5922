/** Real files for the CV field: small, exact-size PDFs in a temporary folder. */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "@playwright/test";

/** A PDF of exactly `size` bytes: a minimal document padded with comment lines. */
export function pdfBytes(size: number, label = "Blueberry test CV"): Buffer {
  const head = [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
    `3 0 obj << /Title (${label}) >> endobj`,
    "trailer << /Root 1 0 R /Info 3 0 R >>",
    "",
  ].join("\n");
  const tail = "%%EOF\n";
  let padding = size - head.length - tail.length;
  if (padding < 0) throw new Error(`a PDF cannot be as small as ${size} bytes here`);
  const lines: string[] = [];
  // Comment lines of at most 80 bytes: "%" + filler + "\n".
  while (padding > 0) {
    const length = Math.min(80, padding);
    lines.push(length === 1 ? "\n" : `%${"x".repeat(length - 2)}\n`);
    padding -= length;
  }
  const pdf = Buffer.from(head + lines.join("") + tail, "latin1");
  if (pdf.length !== size) throw new Error(`built ${pdf.length} bytes, wanted ${size}`);
  return pdf;
}

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
