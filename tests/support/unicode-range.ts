/** The code points a CSS `unicode-range` value names (`U+20-7E,U+A9`), for the font tests. */
export function pointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(",")) {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(from as string, 16);
    const end = to === undefined ? start : Number.parseInt(to, 16);
    for (let p = start; p <= end; p++) points.add(p);
  }
  return points;
}
