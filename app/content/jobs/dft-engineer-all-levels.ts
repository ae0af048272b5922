import type { JobInput } from "../schema.ts";

export default {
  slug: "dft-engineer-all-levels",
  title: "DFT Engineer (All Levels)",
  category: "vlsi",
  team: "DFT",
  keySkills: ["Scan & ATPG", "Memory BIST", "Tessent/TestMAX"],
  listOrder: 4,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "electronics-vlsi",
  areasOfExpertise: [
    "Scan insertion and scan compression (EDT, DFTMAX)",
    "ATPG for stuck-at, transition and path-delay faults, and coverage analysis",
    "Memory BIST insertion, repair and diagnosis",
    "Siemens Tessent tool suite and Synopsys TestMAX",
    "JTAG (IEEE 1149.1), IEEE 1500 wrappers and IJTAG (IEEE 1687)",
    "Gate-level simulation of test patterns with timing",
    "DFT timing constraints and working with the STA team on test modes",
    "Silicon bring-up on ATE and failure diagnosis",
  ],
  description: [
    "As a DFT Engineer at Blueberry Semiconductors you will make sure that the chips our customers ship can be tested quickly and thoroughly on the production floor. You will define and implement test architecture for SoCs: scan chains and compression, memory BIST, boundary scan and the test access network that ties them together.",
    "At the start of your career you will insert scan and generate patterns for blocks, learning coverage analysis and debug from engineers who have taken many chips through production test. As you grow you will own the DFT architecture of a chip, agree test-time and coverage targets with the customer and support the first silicon on the tester.",
  ],
  responsibilities: [
    "Define the DFT architecture of a block or chip with the customer: scan, compression, MBIST, JTAG and IJTAG",
    "Insert scan and compression logic, and run DRC checks on the test logic",
    "Generate and simulate ATPG patterns for stuck-at and at-speed faults, and close coverage gaps",
    "Insert and verify memory BIST and repair logic with Tessent or TestMAX",
    "Write test-mode timing constraints and close test timing with the physical design team",
    "Support pattern bring-up on ATE and diagnose failing silicon with the customer's test engineers",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-11-02",
  validThrough: "2027-02-28",
  metaDescription:
    "DFT Engineer (1–15 years) in Bengaluru: scan insertion, ATPG, MBIST and Tessent on production SoCs at Blueberry Semiconductors.",
} satisfies JobInput;
