import type { JobInput } from "../schema.ts";

export default {
  slug: "rtl-fpga-engineer-all-levels",
  title: "RTL FPGA Engineer (All Levels)",
  category: "vlsi",
  team: "RTL/FPGA",
  keySkills: ["Vivado/Quartus", "AXI4 & Zynq/MPSoC", "XDC timing closure"],
  listOrder: 6,
  experienceYears: { min: 1, max: 15 },
  educationProfile: "electronics-signal-processing",
  areasOfExpertise: [
    "RTL design in Verilog, SystemVerilog or VHDL for FPGAs",
    "AMD Vivado and Intel Quartus Prime tool flows",
    "Timing constraints (XDC/SDC) and timing closure",
    "AXI4, AXI4-Lite and AXI4-Stream interfaces and IP integration",
    "Zynq and MPSoC designs with processor-to-fabric interfaces",
    "High-speed serial transceivers, DDR memory interfaces and PCIe",
    "Clock-domain crossing and reset design",
    "On-board debug with Integrated Logic Analyzer and SignalTap",
  ],
  description: [
    "RTL FPGA Engineers at Blueberry Semiconductors design FPGA logic that ships in products and builds the prototypes on which our customers validate ASICs before tape-out. You will write RTL, integrate IP, close timing and bring designs up on real boards in our Bengaluru lab.",
    "If you are early in your career, you will start with well-defined modules and testbenches and learn timing closure and board debug with a senior engineer beside you. Experienced engineers own the FPGA architecture, choose the device with the customer, plan the clocking and resources, and lead the hardware and software teams through bring-up.",
  ],
  responsibilities: [
    "Design and code RTL modules from specifications, and write testbenches to verify them in simulation",
    "Integrate vendor and third-party IP over AXI, and build Zynq and MPSoC processor subsystems",
    "Write timing constraints and close timing in Vivado or Quartus",
    "Bring up designs on boards with the ILA, oscilloscopes and logic analysers, and debug with the hardware team",
    "Work with embedded software engineers on register maps, drivers and interrupts",
    "Document designs for the customer and review the RTL of other engineers on the team",
  ],
  employmentType: "FULL_TIME",
  datePosted: "2026-11-07",
  validThrough: "2027-02-28",
  metaDescription:
    "RTL FPGA Engineer (1–15 years) in Bengaluru: Verilog/VHDL, Vivado, timing closure, AXI and board bring-up at Blueberry Semiconductors.",
} satisfies JobInput;
