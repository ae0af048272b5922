/**
 * The "Photos" section of `npm run bench:web` (also alone: `-- --photos-only`): what the
 * photo pipeline (decision 0020) saves. Photographs are made on the spot as the tests make
 * them (tests/support/photos.ts), each put through the build's pipeline, and for each the
 * file a 375-px phone at 2× and a 1280-px desktop at 1× would take for the slot it sits in
 * (the `sizes` of app/components/image-sizes.ts at those two widths) is set against the
 * original a site without the pipeline would send.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makePhoto, type PhotoOptions } from "../../tests/support/photos.ts";
import { buildPhotos } from "../build/photos/catalog.ts";
import type { EncodedFile } from "../build/photos/encode.ts";

interface Sample {
  name: string;
  photo: PhotoOptions;
  /** The slot's width in CSS px on the phone (375 px) and on the desktop (1280 px). */
  slot: { name: string; phone: number; desktop: number };
}

const SAMPLES: Sample[] = [
  {
    name: "case-study.jpg",
    photo: { width: 2000, height: 1333, format: "jpeg", seed: 31 },
    // IMAGE_SIZES.pageBody: 100vw - 3rem; 48rem from 75em.
    slot: { name: "page body", phone: 327, desktop: 768 },
  },
  {
    name: "about-team.jpg",
    photo: { width: 1600, height: 1067, format: "jpeg", seed: 32 },
    // IMAGE_SIZES.splitHalf: 100vw - 3rem; 34.75rem from 75em.
    slot: { name: "half page", phone: 327, desktop: 556 },
  },
  {
    name: "gallery.jpg",
    photo: { width: 2000, height: 1333, format: "jpeg", seed: 35 },
    // IMAGE_SIZES.gallery: 50vw - 2rem; 16.9rem from 75em.
    slot: { name: "gallery", phone: 155.5, desktop: 270.4 },
  },
  {
    name: "portrait.png",
    photo: { width: 640, height: 640, format: "png", seed: 33 },
    // The testimonial avatar: 56 px.
    slot: { name: "avatar", phone: 56, desktop: 56 },
  },
  {
    name: "partner-logo.png",
    photo: { width: 480, height: 192, format: "png", seed: 34, transparent: true },
    // IMAGE_SIZES.partner: 33.3vw - 1.9rem on a phone; 10.2rem from 75em.
    slot: { name: "partner tile", phone: 94.5, desktop: 163.2 },
  },
];

const PHONE_DPR = 2;

/** What a browser takes from a srcset: the narrowest file at least as wide as it needs, else the widest. */
function pick(files: EncodedFile[], neededPx: number): EncodedFile {
  const sorted = [...files].sort((a, b) => a.width - b.width);
  return sorted.find((file) => file.width >= neededPx) ?? (sorted.at(-1) as EncodedFile);
}

interface PhotoRow {
  photo: string;
  size: string;
  originalBytes: number;
  slot: string;
  phone: { width: number; avif: number; webp: number };
  desktop: { width: number; avif: number; webp: number };
}

export interface PhotoBenchmark {
  rows: PhotoRow[];
  encodedSeconds: number;
  fromCache: number;
}

/** Makes the sample photographs under `workDir`, encodes them with `cacheDir`, and measures. */
export async function measurePhotos(workDir: string, cacheDir: string): Promise<PhotoBenchmark> {
  const publicDir = join(workDir, "public");
  mkdirSync(join(publicDir, "images", "bench"), { recursive: true });
  for (const sample of SAMPLES)
    writeFileSync(join(publicDir, "images", "bench", sample.name), await makePhoto(sample.photo));
  const started = Date.now();
  const build = await buildPhotos(
    SAMPLES.map((s) => `/images/bench/${s.name}`),
    publicDir,
    cacheDir,
  );
  const encodedSeconds = (Date.now() - started) / 1000;
  const rows = SAMPLES.map((sample) => {
    const found = build.photos.find((p) => p.src === `/images/bench/${sample.name}`);
    if (!found) throw new Error(`bench: the pipeline refused ${sample.name}: ${JSON.stringify(build.index)}`);
    const { photo } = found;
    const at = (px: number) => {
      const avif = pick(photo.avif, px);
      return { width: avif.width, avif: avif.bytes, webp: pick(photo.webp, px).bytes };
    };
    return {
      photo: sample.name,
      size: `${photo.width}×${photo.height}`,
      originalBytes: photo.sourceBytes,
      slot: sample.slot.name,
      phone: at(sample.slot.phone * PHONE_DPR),
      desktop: at(sample.slot.desktop),
    };
  });
  return { rows, encodedSeconds, fromCache: build.photos.filter((p) => !p.photo.encoded).length };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const saved = (original: number, bytes: number) => `${(100 * (1 - bytes / original)).toFixed(1)}%`;

/** The section's lines, with `table` the benchmark's own table printer. */
export function photoReport(result: PhotoBenchmark, table: (header: string[], rows: string[][]) => string): string[] {
  const rows = result.rows.map((r) => [
    r.photo,
    r.size,
    kb(r.originalBytes),
    r.slot,
    `${r.phone.width}w`,
    kb(r.phone.avif),
    kb(r.phone.webp),
    `${r.desktop.width}w`,
    kb(r.desktop.avif),
    kb(r.desktop.webp),
    saved(r.originalBytes, r.phone.avif),
    saved(r.originalBytes, r.desktop.avif),
  ]);
  const sum = (pickBytes: (r: PhotoRow) => number) => result.rows.reduce((total, r) => total + pickBytes(r), 0);
  const original = sum((r) => r.originalBytes);
  const totals = {
    phoneAvif: sum((r) => r.phone.avif),
    phoneWebp: sum((r) => r.phone.webp),
    desktopAvif: sum((r) => r.desktop.avif),
    desktopWebp: sum((r) => r.desktop.webp),
  };
  rows.push([
    "total",
    "",
    kb(original),
    "",
    "",
    kb(totals.phoneAvif),
    kb(totals.phoneWebp),
    "",
    kb(totals.desktopAvif),
    kb(totals.desktopWebp),
    saved(original, totals.phoneAvif),
    saved(original, totals.desktopAvif),
  ]);
  return [
    `Photos (decision 0020): ${result.rows.length} photographs made for the benchmark, through the build's pipeline in ${result.encodedSeconds.toFixed(1)} s (${result.fromCache} from the cache).`,
    "Each against its original, in the file a 375-px phone at 2× and a 1280-px desktop at 1× take for the slot it sits in (KB = 1,024 bytes):",
    table(
      [
        "photo",
        "pixels",
        "original KB",
        "slot",
        "phone file",
        "AVIF KB",
        "WebP KB",
        "desktop file",
        "AVIF KB",
        "WebP KB",
        "phone saved",
        "desktop saved",
      ],
      rows,
    ),
    `Saved with AVIF: ${kb(original - totals.phoneAvif)} KB on the phone, ${kb(original - totals.desktopAvif)} KB on the desktop, of ${kb(original)} KB of originals; with WebP (browsers without AVIF): ${kb(original - totals.phoneWebp)} KB and ${kb(original - totals.desktopWebp)} KB.`,
  ];
}
