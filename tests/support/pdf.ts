/**
 * A small but real PDF for the CV field: one blank page, a title, and when `size` is
 * given, comment lines that pad it to exactly that many bytes (for the size limits).
 */
export function pdfBytes(size?: number, title = "Blueberry test CV"): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" +
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n" +
      `4 0 obj << /Title (${title}) >> endobj\n` +
      "trailer << /Root 1 0 R /Info 4 0 R >>\n",
    "latin1",
  );
  const tail = Buffer.from("%%EOF\n");
  if (size === undefined) return Buffer.concat([head, tail]);
  let padding = size - head.length - tail.length;
  if (padding < 0) throw new Error(`a PDF cannot be as small as ${size} bytes here`);
  // Comment lines of at most 80 bytes ("%", varied filler so nothing re-encodes it unnoticed, "\n").
  const lines: Buffer[] = [];
  while (padding > 0) {
    const length = Math.min(80, padding);
    const line = Buffer.alloc(length, 0x0a);
    if (length > 1) {
      line[0] = 0x25;
      for (let i = 1; i < length - 1; i++) line[i] = 0x20 + ((lines.length + i) % 90);
    }
    lines.push(line);
    padding -= length;
  }
  const pdf = Buffer.concat([head, ...lines, tail]);
  if (pdf.length !== size) throw new Error(`built ${pdf.length} bytes, wanted ${size}`);
  return pdf;
}
