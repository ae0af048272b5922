import type { JobInput } from "../schema.ts";

export default {
  slug: "design-verification-engineer-all-levels",
  title: "Design Verification Engineer (All Levels)",
  category: "vlsi",
  team: "Design Verification",
  keySkills: ["SystemVerilog/UVM", "SVA & formal", "Coverage closure"],
  listOrder: 5,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "electronics-or-computing-embedded",
  areasOfExpertise: [
    "SystemVerilog for verification and the UVM methodology",
    "Testbench architecture: agents, scoreboards, reference models and sequences",
    "Functional and code coverage closure",
    "SystemVerilog Assertions (SVA) and formal property verification",
    "Protocols such as AXI, AHB, APB, PCIe, USB, Ethernet, DDR and MIPI",
    "Simulators such as Synopsys VCS, Cadence Xcelium and Siemens Questa",
    "Gate-level simulation and low-power (UPF) verification",
    "Scripting in Python, Perl or Tcl for regressions and triage",
  ],
  description: [
    "Verification is the largest part of our silicon work: more than 60% of our ongoing projects are verification. As a Design Verification Engineer at Blueberry Semiconductors you will build the testbenches and plans that prove an IP, a subsystem or a full SoC works before the customer commits to masks.",
    "Freshers to our team learn UVM on real projects, with a senior engineer reviewing their code and their coverage reports every week. Experienced engineers write the verification plan with the customer's architects, design reusable UVM environments, and decide when coverage is good enough to sign off. Many of our leads started as juniors here.",
  ],
  responsibilities: [
    "Read the specification and write a verification plan with features, coverage points and checks",
    "Build and maintain UVM testbenches: agents, sequences, scoreboards and reference models",
    "Write assertions and functional coverage, and drive coverage to closure",
    "Run regressions, triage failures and work with designers to root-cause bugs",
    "Verify low-power behaviour with UPF and run gate-level simulations",
    "Report verification status to the customer and mentor junior engineers on the team",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-11-05",
  validThrough: "2027-02-28",
  metaDescription:
    "Design Verification Engineer (1–15 years) in Bengaluru: SystemVerilog/UVM, coverage and assertions on IP and SoC projects at Blueberry Semiconductors.",
} satisfies JobInput;
