/**
 * The brand mark (a rounded die with pins holding a blueberry, with a mint leaf),
 * the two logo versions, the favicon and the app icons.
 */
import sharp from "sharp";
import { C, circle, g, path, rect, s, svg, text } from "./core.ts";

/**
 * The mark in a 64×64 box. `simple` is the favicon cut for 16–32 px: two thicker pins a
 * side, a slightly larger berry and no highlight, so it stays crisp when tiny.
 */
export function markBody(simple = false): string {
  const pins: string[] = [];
  const spots = simple ? [21, 35] : [20, 29, 38];
  const pw = simple ? 8 : 6;
  for (const p of spots) {
    pins.push(
      rect(p, 3, pw, 10, C.lav, 2),
      rect(p, 51, pw, 10, C.lav, 2),
      rect(3, p, 10, pw, C.lav, 2),
      rect(51, p, 10, pw, C.lav, 2),
    );
  }
  return [
    ...pins,
    rect(9, 9, 46, 46, C.i500, 12),
    circle(32, 35, simple ? 16 : 14.5, C.i900),
    // calyx: the little crown on top of a blueberry
    path("M26.5 22.5l3 3.2 2.5-4.2 2.5 4.2 3-3.2-.6 5.3h-9.8z", C.lav),
    // leaf
    path("M34.5 21.5c1.5-6.5 7-10 14-9.5-.8 7-6 11-14 9.5z", C.mint),
    simple ? "" : circle(26.5, 39, 3.2, C.lav, 'opacity=".35"'),
  ].join("");
}

export function mark(): string {
  return svg(64, 64, markBody());
}

export function favicon(): string {
  return svg(64, 64, markBody(true));
}

/** 220×48 logo. `dark`: for dark backgrounds (white wordmark); otherwise indigo text. */
export function logo(dark: boolean): string {
  const word = dark ? C.white : C.i800;
  const sub = dark ? C.lav : C.i500;
  return svg(
    220,
    48,
    [
      g(markBody(), s`transform="translate(0 2) scale(${44 / 64})"`),
      text(52, 28, "Blueberry", { size: 26, weight: 700, fill: word, fit: 142, ls: -0.3 }),
      text(53, 42.5, "SEMICONDUCTORS", { size: 9, weight: 600, fill: sub, fit: 142, ls: 3 }),
    ].join(""),
  );
}

/** Mark centred on a full-bleed indigo square (no transparency). */
function iconSvg(size: number, markSize: number, rounded: boolean): string {
  const k = markSize / 64;
  const o = (size - markSize) / 2;
  return svg(
    size,
    size,
    rect(0, 0, size, size, C.i800, rounded ? size * 0.22 : 0) +
      g(markBody(), s`transform="translate(${o} ${o}) scale(${k})"`),
  );
}

async function png(svgText: string, size: number, flatten: boolean): Promise<Buffer> {
  let img = sharp(Buffer.from(svgText), { density: 72 }).resize(size, size);
  if (flatten) img = img.flatten({ background: C.i800 });
  return img.png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}

/** An ICO file wrapping one PNG image (PNG-in-ICO, supported since Windows Vista). */
function ico(pngData: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size >= 256 ? 0 : size, 6);
  head.writeUInt8(size >= 256 ? 0 : size, 7);
  head.writeUInt8(0, 8); // palette
  head.writeUInt8(0, 9); // reserved
  head.writeUInt16LE(1, 10); // planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(pngData.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, pngData]);
}

export async function brandFiles(): Promise<Record<string, string | Buffer>> {
  const fav = favicon();
  const icon32 = await png(fav, 32, false);
  const manifest = {
    name: "Blueberry Semiconductors",
    short_name: "Blueberry",
    start_url: "/",
    display: "standalone",
    background_color: C.ink,
    theme_color: C.ink,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return {
    "images/brand/logo.svg": logo(true),
    "images/brand/logo-dark-text.svg": logo(false),
    "images/brand/mark.svg": mark(),
    "favicon.svg": fav,
    "favicon.ico": ico(icon32, 32),
    "apple-touch-icon.png": await png(iconSvg(180, 124, false), 180, true),
    "icons/icon-192.png": await png(iconSvg(192, 136, true), 192, false),
    "icons/icon-512.png": await png(iconSvg(512, 362, true), 512, false),
    // maskable: the mark stays well inside the central 80% circle (radius 204.8 px)
    "icons/maskable-512.png": await png(iconSvg(512, 290, false), 512, true),
    "site.webmanifest": `${JSON.stringify(manifest, null, 2)}\n`,
  };
}
