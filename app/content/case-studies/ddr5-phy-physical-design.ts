import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "ddr5-phy-physical-design",
  title: "Physical Design Closure of a DDR5 PHY Hard Macro at 7 nm",
  summary:
    "Netlist-to-GDSII implementation of a DDR5-6400 PHY hard macro at 7 nm, closed for timing, IR drop and EM across 15 corners with skew-matched clock spines.",
  result: "A DDR5-6400 PHY closed in all 15 corners and delivered in 16 weeks, for a memory-interface IP vendor",
  service: "silicon-engineering",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/ddr5-phy-physical-design-thumb.svg",
    alt: "Illustration of a long, narrow hard macro with ten byte-lane slices lined up along a die edge",
  },
  image: {
    src: "/images/case-studies/ddr5-phy-physical-design.svg",
    alt: "Floorplan-style illustration of a PHY macro with a branching clock spine, power straps and bump rows in shades of indigo",
  },
  facts: {
    name: "DDR5 PHY hard macro implementation",
    domain: "Physical design, netlist to GDSII",
    technology: "7 nm FinFET, DDR5-6400 with two 40-bit sub-channels",
    tools: "Cadence Innovus and Voltus, Synopsys PrimeTime, Siemens Calibre",
    application: "Memory-interface IP for server and AI SoCs",
    language: "Tcl, Python",
  },
  sections: {
    projectDescription: {
      desc: [
        `A memory-interface IP vendor needed its DDR5 PHY delivered as a hard macro that SoC teams could place in a 7 nm floorplan <em>without closing it again</em>. The PHY supports DDR5-6400, as the <a href="https://www.jedec.org/standards-documents/docs/jesd79-5c">JEDEC DDR5 SDRAM standard (JESD79-5)</a> defines it, over two 40-bit sub-channels.<br>Inside: ten byte-lane slices, a command/address slice, a master DLL and PLL, and the digital training engine that runs write levelling, read-gate, read and write DQ/DQS training, and CA training.`,
        "We took the synthesised netlist together with the abstracts and timing models of the analogue slices, and owned the macro's implementation through to a clean GDSII, its integration views and a sign-off report.",
      ],
    },
    targetProcess: {
      pointers: [
        "7 nm FinFET with a 13-layer metal stack, the top two layers thick for power distribution",
        "Standard cells in ULVT, LVT and SVT threshold flavours, with leakage recovery on non-critical paths",
        "Sign-off across 15 PVT and RC-extraction corners, from 0.675 V at −40 °C to 0.825 V at 125 °C",
        "Macro outline of 2.9 mm × 0.85 mm, shaped to sit on the die edge behind the DDR bump field",
      ],
    },
    scope: {
      pointers: [
        "Floorplan with the byte-lane slices placed in abutment order to match the package bump map",
        "Power-grid design for VDD, VDDQ and an isolated supply for the delay lines",
        "Placement, clock-tree synthesis and routing of the training engine and DFI logic",
        "Hand-built clock spines for the byte lanes",
        "Static timing, IR-drop, EM, DRC, LVS, antenna and ERC sign-off",
        "LEF, Liberty and interface timing budgets for the SoC integrators",
      ],
    },
    challenges: {
      desc: [
        "DDR5 moves timing margin from the board into the PHY. At 6400 MT/s a unit interval is 156 ps, and training can only correct the skew it can measure, so any systematic mismatch between byte-lane clock paths comes straight out of the data eye.",
      ],
      pointers: [
        "Byte-lane clock paths had to match within 5 ps in every corner, not just the typical one",
        "Simultaneous switching of 80 DQ drivers caused IR-drop hot spots beside the delay lines that are most sensitive to supply noise",
        "The DFI interface had to close at 1.6 GHz against boundary timing set by SoC teams we would never meet",
      ],
    },
    complexityOvercome: {
      pointers: [
        "Replaced conventional clock-tree synthesis for the byte-lane clocks with a structured H-tree of sized buffers on shielded, double-width routes, tuned by a script that balanced delay across all corners at once",
        "Gave the delay lines their own power grid and surrounded them with about 1.5 nF of decoupling capacitance",
        "Ran dynamic IR analysis with the worst-case switching activity of the training sequence, bringing peak dynamic drop from 11.2% to 4.6% of VDD",
        "Wrote the interface constraints with the client's IP team as a published budget, so the macro closes once and every integrator inherits its margin",
      ],
    },
    achievement: {
      pointers: [
        "Timing closed at 1.6 GHz on the DFI and training logic in all 15 corners, with no hold violations after the final ECO",
        "Byte-lane clock skew held to 3.8 ps worst case across corners",
        "Dynamic IR drop within 5% of VDD, and EM clean at 105 °C for a ten-year lifetime",
        "DRC- and LVS-clean GDSII delivered in 16 weeks; three SoC teams have since integrated the macro without re-closing it",
      ],
    },
  },
} satisfies CaseStudyInput;
