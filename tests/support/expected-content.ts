/**
 * What the company asked the site to show, stated once for the tests that check it: in
 * the content files (tests/unit/content.test.ts) and on the built pages (tests/e2e).
 */

/** The seven openings in the company's order (each job file's `listOrder`). */
export const OPENINGS_IN_ORDER = [
  "Analog Layout Engineer (All Levels)",
  "Analog Design Engineer (All Levels)",
  "Physical Design Engineer (All Levels)",
  "DFT Engineer (All Levels)",
  "Design Verification Engineer (All Levels)",
  "RTL FPGA Engineer (All Levels)",
  "RTL ASIC Engineer (All Levels)",
];
