/**
 * One Open Graph image (1200×630 PNG) per prerendered page, made at build time from the
 * page's own title: what a link to the page shows on LinkedIn, WhatsApp or Slack. Called
 * by scripts/build/postbuild.ts; the pages name them through ogImagePath() in app/lib/seo.ts.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { ogImagePath } from "../../app/lib/seo.ts";

const WIDTH = 1200;
const HEIGHT = 630;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Greedy word wrap by character count; the font is proportional, so the budget is conservative. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]?.replace(/\s*\S*$/, "")}…`;
  }
  return lines;
}

function sectionOf(path: string): string {
  if (path === "/") return "Semiconductor design services";
  if (path.startsWith("/casestudies/")) return "Case study";
  if (path.startsWith("/careers/jobs/vlsi/")) return "We are hiring · Bengaluru";
  if (path.startsWith("/careers")) return "Careers";
  if (path.startsWith("/services/")) return "Services";
  return "Blueberry Semiconductors";
}

function card(title: string, section: string, host: string, logoSvg: string): string {
  const size = title.length > 60 ? 58 : title.length > 34 ? 66 : 78;
  const lines = wrap(title, Math.floor(1900 / size), 4);
  const firstY = 300 - ((lines.length - 1) * size * 1.15) / 2;
  const text = lines
    .map((l, i) => `<tspan x="80" y="${Math.round(firstY + i * size * 1.15)}">${escapeXml(l)}</tspan>`)
    .join("");
  const logo = Buffer.from(logoSvg).toString("base64");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#110d2b"/><stop offset="1" stop-color="#251b6e"/></linearGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#33279a" stroke-width="1" opacity="0.5"/></pattern>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect x="760" width="440" height="${HEIGHT}" fill="url(#grid)"/>
  <g fill="none" stroke="#35d6c0" stroke-width="3" opacity="0.8"><path d="M760 150h120l40 40h160"/><path d="M760 470h80l40-40h200"/></g>
  <rect x="940" y="235" width="160" height="160" rx="18" fill="#33279a" stroke="#5b4ce0" stroke-width="4"/>
  <rect x="985" y="280" width="70" height="70" rx="8" fill="#35d6c0"/>
  <image href="data:image/svg+xml;base64,${logo}" x="80" y="60" width="220" height="48"/>
  <text x="80" y="${Math.round(firstY - size * 1.1)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="24" font-weight="700" letter-spacing="3" fill="#35d6c0">${escapeXml(section.toUpperCase())}</text>
  <text font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${text}</text>
  <text x="80" y="570" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="24" fill="#c9c3ff">${escapeXml(host)}</text>
</svg>`;
}

/**
 * Writes build/client/og/<page>.png for each page; returns how many. All at once: sharp
 * renders on libuv's thread pool, so the pages share the machine's cores.
 */
export async function writeOgImages(clientDir: string, pages: string[], siteUrl: string): Promise<number> {
  const logoSvg = readFileSync(join(clientDir, "images/brand/logo.svg"), "utf8");
  mkdirSync(join(clientDir, "og"), { recursive: true });
  const host = new URL(siteUrl).host;
  await Promise.all(
    pages.map((path) => {
      const html = readFileSync(join(clientDir, path === "/" ? "index.html" : `${path}/index.html`), "utf8");
      const title =
        /<meta property="og:title" content="([^"]*)"/
          .exec(html)?.[1]
          ?.replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'") ?? "Blueberry Semiconductors";
      return sharp(Buffer.from(card(title, sectionOf(path), host, logoSvg)))
        .png({ compressionLevel: 9, palette: true })
        .toFile(join(clientDir, ogImagePath(path)));
    }),
  );
  return pages.length;
}
