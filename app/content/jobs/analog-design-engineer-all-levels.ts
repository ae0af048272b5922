import type { JobInput } from "../schema.ts";

export default {
  slug: "analog-design-engineer-all-levels",
  title: "Analog Design Engineer (All Levels)",
  category: "vlsi",
  team: "Analog Design",
  keySkills: ["Spectre & Virtuoso ADE", "Bandgaps & LDOs", "PLLs & ADCs"],
  listOrder: 2,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "analog-circuits",
  areasOfExpertise: [
    "Transistor-level design of op-amps, comparators, bandgaps and LDO regulators",
    "PLLs, DLLs, oscillators and clocking circuits",
    "Data converters (SAR, pipeline and sigma-delta ADCs; current-steering DACs)",
    "Circuit simulation with Cadence Spectre and Virtuoso ADE",
    "PVT corner, Monte Carlo and mismatch analysis",
    "Post-layout simulation with extracted parasitics and layout reviews",
    "Reliability checks: electromigration, ageing and self-heating",
    "Mixed-signal verification with Verilog-A and real-number models",
  ],
  description: [
    "Analog Design Engineers at Blueberry Semiconductors design the circuits that connect our customers' digital cores to the physical world: references, regulators, clocking and data converters. You will take a block from a specification to a verified schematic, guide its layout and support it through silicon bring-up in the customer's lab.",
    "Juniors start by characterising and improving existing blocks across PVT corners and Monte Carlo runs, with a senior designer reviewing every simulation deck. Experienced engineers own complete blocks, write the design and verification plans, and represent Blueberry in design reviews with the customer. Whatever your level, you will work on real production silicon in advanced FinFET and mature planar nodes.",
  ],
  responsibilities: [
    "Derive block-level specifications from system requirements and choose a suitable architecture",
    "Design and simulate circuits in Spectre across PVT corners, Monte Carlo and mismatch, and document the margins",
    "Guide the layout engineer on matching, symmetry and sensitive routing, and sign off post-layout results",
    "Write Verilog-A or real-number models so that the mixed-signal and digital teams can verify the top level",
    "Present design reviews to the customer and track open issues to closure",
    "Support silicon characterisation and debug, and feed the findings back into the next revision",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-10-24",
  validThrough: "2027-02-28",
  metaDescription:
    "Analog Design Engineer (1–15 years) in Bengaluru: bandgaps, LDOs, PLLs and ADCs in Spectre across PVT corners at Blueberry Semiconductors.",
} satisfies JobInput;
