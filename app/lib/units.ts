/**
 * A number followed by a space and a unit ("6.2 ms", "−40 °C", "4–20 mA", "1.2 Gb/s"),
 * which a line break must not part. The units are those engineering copy uses; a number
 * before any other word ("50 projects") may break as words do. The page sweep's
 * broken-word check looks for the same pairs split across lines.
 */
export const UNITS = [
  // temperature, length, speed
  "°C",
  "°F",
  "nm",
  "µm",
  "mm",
  "cm",
  "m",
  "km",
  "km/h",
  // time and frequency
  "ps",
  "ns",
  "µs",
  "ms",
  "s",
  "Hz",
  "kHz",
  "MHz",
  "GHz",
  // electrical
  "µV",
  "mV",
  "V",
  "kV",
  "nA",
  "µA",
  "mA",
  "A",
  "Ah",
  "mAh",
  "mW",
  "W",
  "kW",
  "Ω",
  "mΩ",
  "µΩ",
  "kΩ",
  "dB",
  "dBm",
  "µA/MHz",
  // data
  "KB",
  "kB",
  "MB",
  "GB",
  "TB",
  "Kb/s",
  "Mb/s",
  "Gb/s",
  "Mbps",
  "Gbps",
  "GbE",
  "MT/s",
  "GT/s",
  "TOPS",
  // money, as the Indian press writes it
  "crore",
  "lakh",
];

const escape = (unit: string) => unit.replace(/[/]/g, "\\/");
// Longest first, so "mAh" is not read as "mA" followed by a letter.
const UNIT = [...UNITS]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join("|");
const NUMBER = String.raw`[−-]?\d+(?:[.,]\d+)*(?:[–-]\d+(?:[.,]\d+)*)?`;

/** Source of the pattern, for code that builds its own RegExp (the browser-side check). */
export const NUMBER_WITH_UNIT_SOURCE = String.raw`(?<![\p{L}\p{N}.,])${NUMBER} (?:${UNIT})(?![\p{L}\p{N}/])`;

export const NUMBER_WITH_UNIT = new RegExp(NUMBER_WITH_UNIT_SOURCE, "gu");

/**
 * A range of numbers joined by an en dash ("1–15", "4–20"). Browsers may break a line
 * after the dash; a range reads as one value, so it stays on one line.
 */
export const NUMBER_RANGE_SOURCE = String.raw`(?<![\p{L}\p{N}.,])\d+(?:[.,]\d+)*–\d+(?:[.,]\d+)*(?![\p{L}\p{N}])`;

export const NUMBER_RANGE = new RegExp(NUMBER_RANGE_SOURCE, "gu");
