/** multipart/form-data bodies built by hand, for form posts from tests and benchmarks. */
import { randomBytes } from "node:crypto";

export interface FilePart {
  field?: string;
  /** Sent as given in the Content-Disposition header (quotes escaped as browsers do). */
  name: string;
  type?: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body built by hand, so names and bytes are exactly what the test says. */
export function multipart(fields: Record<string, string>, file?: FilePart, boundary = randomBoundary()) {
  const chunks: Buffer[] = [];
  const crlf = "\r\n";
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}${crlf}Content-Disposition: form-data; name="${name}"${crlf}${crlf}${value}${crlf}`),
    );
  }
  if (file) {
    const fileName = file.name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    chunks.push(
      Buffer.from(
        `--${boundary}${crlf}Content-Disposition: form-data; name="${file.field ?? "cv"}"; filename="${fileName}"${crlf}` +
          `Content-Type: ${file.type ?? "application/pdf"}${crlf}${crlf}`,
      ),
      Buffer.from(file.bytes),
      Buffer.from(crlf),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${crlf}`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function randomBoundary(): string {
  return `----itestBoundary${randomBytes(8).toString("hex")}`;
}
