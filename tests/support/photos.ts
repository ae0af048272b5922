/**
 * Photographs made on the spot for the photo pipeline's tests and benchmark, so that no
 * binary file lives in the repository. Photo-like enough that the encoders behave as they
 * would on a real one: soft shapes in many colours over a gradient, under fine grain, saved
 * as a camera would (JPEG quality 90) or as a screenshot tool would (PNG).
 */
import sharp from "sharp";

export interface PhotoOptions {
  width: number;
  height: number;
  format: "jpeg" | "png";
  /** Different seeds, different pictures; the same seed, the same bytes. */
  seed?: number;
  /** A PNG with a transparent border (a logo cut out of its background). */
  transparent?: boolean;
}

/** A small deterministic generator (an LCG), so each seed always draws the same picture. */
function random(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 0x1_0000_0000;
  };
}

function scene(width: number, height: number, next: () => number): string {
  const shapes = Array.from({ length: 36 }, () => {
    const hue = Math.floor(next() * 360);
    return `<ellipse cx="${(next() * width).toFixed(0)}" cy="${(next() * height).toFixed(0)}" rx="${(width * (0.02 + next() * 0.15)).toFixed(0)}" ry="${(height * (0.02 + next() * 0.15)).toFixed(0)}" fill="hsl(${hue},${30 + Math.floor(next() * 50)}%,${25 + Math.floor(next() * 50)}%)" opacity="${(0.3 + next() * 0.5).toFixed(2)}"/>`;
  }).join("");
  const blur = Math.max(1, Math.round(width / 160));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a4d8f"/><stop offset="0.55" stop-color="#d9a441"/><stop offset="1" stop-color="#3b2a1a"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${blur}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <g filter="url(#soft)">${shapes}</g>
</svg>`;
}

/** A photograph of the given size and format. */
export async function makePhoto({
  width,
  height,
  format,
  seed = 1,
  transparent = false,
}: PhotoOptions): Promise<Buffer> {
  const next = random(seed);
  const pixels = await sharp(Buffer.from(scene(width, height, next)))
    .removeAlpha()
    .raw()
    .toBuffer();
  // Sensor grain: the same small offset on the three channels of a pixel.
  for (let i = 0; i < pixels.length; i += 3) {
    const grain = (next() - 0.5) * 22;
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, (pixels[i + c] as number) + grain));
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (transparent) {
    const margin = Math.round(Math.min(width, height) / 8);
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${margin}" y="${margin}" width="${width - 2 * margin}" height="${height - 2 * margin}" rx="${margin}" fill="#fff"/></svg>`,
    );
    image = image.ensureAlpha().composite([{ input: mask, blend: "dest-in" }]);
  }
  return format === "jpeg" ? image.jpeg({ quality: 90 }).toBuffer() : image.png({ compressionLevel: 6 }).toBuffer();
}
