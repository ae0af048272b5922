import type { JobInput } from "../schema.ts";

export default {
  slug: "rtl-asic-engineer-all-levels",
  title: "RTL ASIC Engineer (All Levels)",
  category: "vlsi",
  team: "RTL/ASIC",
  keySkills: ["Verilog/SystemVerilog", "CDC & lint", "Synthesis & SDC"],
  listOrder: 7,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "any-degree-digital-design",
  areasOfExpertise: [
    "Micro-architecture and RTL design in Verilog and SystemVerilog",
    "Lint and clock-domain-crossing (CDC/RDC) checks with SpyGlass",
    "Logic synthesis with Synopsys Design Compiler or Cadence Genus",
    "Timing constraints (SDC) and working with the STA team",
    "Low-power design: clock gating, power domains and UPF",
    "On-chip buses and interconnect: AXI, AHB and APB",
    "Logic equivalence checking with Formality or Conformal",
    "Block-level simulation and debug with the verification team",
  ],
  description: [
    "RTL ASIC Engineers at Blueberry Semiconductors write the synthesisable logic at the heart of our customers' SoCs: controllers, datapaths, interconnect and the glue that binds IP into a working chip. You will work from micro-architecture to a lint-clean, CDC-clean, synthesised netlist that the physical design team can close.",
    "We care about what you can design, not where your degree came from. Juniors start with well-scoped blocks and learn review, lint and synthesis discipline from senior designers. Experienced engineers write micro-architecture specifications, make area, power and timing trade-offs with the customer, and own subsystems through to tape-out.",
  ],
  responsibilities: [
    "Write micro-architecture specifications for blocks and subsystems from the customer's requirements",
    "Code clean, synthesisable RTL in Verilog and SystemVerilog",
    "Run lint, CDC and RDC checks with SpyGlass and resolve the violations",
    "Synthesise with Design Compiler or Genus, write SDC constraints and meet timing, area and power targets",
    "Support verification engineers in debugging failures and closing coverage",
    "Run equivalence checks and support the physical design team through timing closure and ECOs",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-11-10",
  validThrough: "2027-02-28",
  metaDescription:
    "RTL ASIC Engineer (1–15 years) in Bengaluru: Verilog RTL, lint/CDC with SpyGlass and synthesis with Design Compiler/Genus. Any degree welcome.",
} satisfies JobInput;
