import type { JobInput } from "../schema.ts";

export default {
  slug: "analog-layout-engineer-all-levels",
  title: "Analog Layout Engineer (All Levels)",
  category: "vlsi",
  team: "Analog Layout",
  keySkills: ["Virtuoso layout", "Calibre DRC/LVS", "Matching & ESD"],
  listOrder: 1,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "electronics-vlsi",
  areasOfExpertise: [
    "Full-custom analog and mixed-signal layout in Cadence Virtuoso",
    "Device matching: common-centroid, interdigitation and dummy devices",
    "Physical verification (DRC, LVS, ERC, antenna) with Siemens Calibre",
    "FinFET and planar CMOS layout in advanced nodes (28 nm down to 5 nm)",
    "Layout of op-amps, bandgaps, LDOs, PLLs, ADCs/DACs and high-speed I/O",
    "Parasitic-aware routing, shielding and electromigration/IR-drop awareness",
    "Guard rings, latch-up and ESD protection structures",
    "Floorplanning of analog blocks and top-level integration with the digital team",
  ],
  description: [
    "Our analog layout team turns circuit designers' schematics into silicon that works on the first spin. As an Analog Layout Engineer at Blueberry Semiconductors you will own the layout of analog and mixed-signal blocks for customer SoCs, from floorplan and device placement to signed-off DRC/LVS-clean GDS, working alongside the designers who drew the circuit.",
    "We take engineers at every level. Early in your career you will lay out individual cells under the review of a senior engineer who has taped out dozens of chips; with experience you will lead block layout, set matching and routing strategies, estimate effort for customers and mentor the next set of engineers. You will work in Bengaluru, on FinFET and planar nodes, with the same tools our customers use.",
  ],
  responsibilities: [
    "Plan and lay out analog and mixed-signal blocks in Virtuoso to the designer's matching, symmetry and parasitic constraints",
    "Run and clean DRC, LVS, ERC and antenna checks with Calibre, and resolve density and reliability rules",
    "Extract parasitics, review post-layout simulation results with the circuit designer and iterate the layout",
    "Apply electromigration, IR-drop, latch-up and ESD guidelines from the foundry and the customer",
    "Integrate blocks into the top-level floorplan and hand clean abstracts to the physical design team",
    "Estimate layout effort, report progress to customers and review the work of junior engineers",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-10-20",
  validThrough: "2027-02-28",
  metaDescription:
    "Analog Layout Engineer (1–15 years) in Bengaluru: Virtuoso layout, matching, DRC/LVS with Calibre and FinFET nodes at Blueberry Semiconductors.",
} satisfies JobInput;
