import type { ServiceInput } from "../schema.ts";

export default {
  id: "silicon-engineering",
  order: 1,
  title: "Silicon Engineering",
  cardSummary:
    "ASIC and SoC design, verification, DFT and physical design, from specification to tape-out, by engineers with 300+ tape-outs between them.",
  metaDescription:
    "ASIC and SoC design services from Bengaluru: RTL, verification, DFT, physical design and analog layout, from specification to tape-out.",
  heading: "ASIC and SoC Design, from Specification to Tape-Out",
  intro: [
    "Blueberry Semiconductors gives chip companies an experienced silicon team without the wait of building one. Our engineers work on every stage of the ASIC and SoC flow: architecture and RTL design, functional verification, design for test, synthesis, physical design and analog layout, in FinFET and planar nodes and with the industry-standard tool flows our customers already use.",
    "Verification is where we are strongest: over 60% of our ongoing projects are verification, from single IP blocks to full-chip SoC environments. We can take on a complete block or subsystem with a fixed scope, or join your team and work to your methodology, your reviews and your sign-off criteria.",
  ],
  offerings: [
    {
      heading: "ASIC/SoC Design Offerings",
      items: [
        "Architecture and micro-architecture specification",
        "RTL design in Verilog and SystemVerilog, with lint and CDC/RDC sign-off",
        "IP integration and SoC subsystem assembly (AXI, AHB, APB and NoC)",
        "Logic synthesis, timing constraints and logic equivalence checking",
        "Design for test: scan, compression, ATPG, MBIST and JTAG",
        "Physical design from netlist to GDSII: floorplan, CTS, routing and STA sign-off",
        "Analog and mixed-signal circuit design and full-custom layout",
        "Low-power design and implementation with UPF",
      ],
    },
    {
      heading: "Verification Services",
      items: [
        "Verification planning and test-point extraction from the specification",
        "UVM testbench architecture and reusable verification components",
        "IP, subsystem and full-chip SoC verification",
        "Protocol verification: PCIe, USB, Ethernet, DDR, MIPI and AMBA",
        "Functional and code coverage closure with regression management",
        "Assertion-based and formal property verification",
        "Gate-level simulation and low-power (UPF) verification",
        "Emulation and FPGA-prototype support for pre-silicon software",
      ],
    },
  ],
  image: {
    src: "/images/services/silicon-engineering.svg",
    alt: "Illustration of an SoC floorplan with processor, memory and interface blocks joined by an on-chip bus",
  },
  cardImage: {
    src: "/images/services/silicon-engineering-card.svg",
    alt: "Stylised silicon die with a grid of blocks",
  },
} satisfies ServiceInput;
