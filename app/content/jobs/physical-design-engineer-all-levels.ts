import type { JobInput } from "../schema.ts";

export default {
  slug: "physical-design-engineer-all-levels",
  title: "Physical Design Engineer (All Levels)",
  category: "vlsi",
  team: "Physical Design",
  keySkills: ["Innovus/ICC2", "CTS & timing closure", "IR-drop & EM"],
  listOrder: 3,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "electronics-embedded",
  areasOfExpertise: [
    "Netlist-to-GDSII implementation with Cadence Innovus or Synopsys ICC2/Fusion Compiler",
    "Floorplanning, power-grid planning and macro placement",
    "Placement optimisation and clock tree synthesis (CTS)",
    "Static timing analysis and ECOs with Synopsys PrimeTime or Cadence Tempus",
    "Multi-mode multi-corner (MMMC) timing closure",
    "IR-drop and electromigration analysis with RedHawk or Voltus",
    "Physical verification with Calibre: DRC, LVS and antenna",
    "Low-power implementation with UPF: power domains, isolation and retention",
    "Tcl scripting for flow automation",
  ],
  description: [
    "Physical Design Engineers at Blueberry Semiconductors take synthesised netlists to tape-out-ready GDSII for customer SoCs in FinFET and planar nodes. You will work at block and full-chip level, balancing timing, power, area and routability against a tape-out date that the whole programme depends on.",
    "Engineers in their first years own blocks through placement, CTS and routing under the guidance of a senior lead, and learn sign-off in practice rather than from slides. Experienced engineers own partitions or the full chip, define the flow and the timing constraints with the customer, and make the calls on ECOs in the last weeks before tape-out.",
  ],
  responsibilities: [
    "Floorplan blocks and the full chip: macro placement, pin placement and power-grid design",
    "Run placement, CTS and routing in Innovus or ICC2, and optimise for timing, power and congestion",
    "Close timing across all modes and corners with PrimeTime, and implement functional and timing ECOs",
    "Analyse and fix IR drop, electromigration and signal-integrity issues",
    "Achieve clean DRC, LVS and antenna results and deliver sign-off reports to the customer",
    "Automate recurring flow steps in Tcl and Python, and mentor junior engineers on the team",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-10-28",
  validThrough: "2027-02-28",
  metaDescription:
    "Physical Design Engineer (1–15 years) in Bengaluru: Innovus/ICC2, CTS, STA with PrimeTime and sign-off for customer SoCs at Blueberry Semiconductors.",
} satisfies JobInput;
