import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "fpga-carrier-board-signal-integrity",
  title: "Signal-Integrity-Driven Design of a 12-Layer FPGA Carrier Board",
  summary:
    "A 12-layer Kintex UltraScale+ carrier board with 25.78 Gb/s QSFP28 links and DDR4-2666, designed around pre- and post-layout SI and PDN simulation.",
  result:
    "All 24 transceiver links trained at their target rates on the first spin, for a test-and-measurement company",
  service: "hardware-design",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/fpga-carrier-board-signal-integrity-thumb.svg",
    alt: "Illustration of a circuit board with a large central FPGA and differential pairs routed to optical cages",
  },
  image: {
    src: "/images/case-studies/fpga-carrier-board-signal-integrity.svg",
    alt: "Illustration of an open eye diagram in indigo, beside a cross-section of a multilayer board stack-up",
  },
  facts: {
    name: "FPGA carrier board with high-speed serial links and DDR4",
    domain: "High-speed PCB design and signal integrity",
    technology: "AMD Kintex UltraScale+ KU15P, GTY transceivers, 12-layer low-loss stack-up",
    tools: "Cadence Allegro, Sigrity PowerSI and SystemSI, Siemens HyperLynx",
    application: "Data-acquisition system for test and measurement",
  },
  sections: {
    projectDescription: {
      desc: [
        "A test-and-measurement company in Bengaluru needed a carrier board for its next data-acquisition system: a Kintex UltraScale+ FPGA streaming data from ADC mezzanine cards out through two QSFP28 cages and a PCIe edge connector, with DDR4 for capture buffers. Its previous board had needed two respins to get its serial links working.",
        "We designed the board with signal integrity leading the layout rather than checking it afterwards: every high-speed channel had a loss and margin budget before routing began.",
      ],
    },
    design: {
      pointers: [
        "12-layer stack-up: four stripline routing layers for high-speed signals between solid reference planes, with low-loss laminate throughout",
        "Eight GTY lanes to two QSFP28 cages at 25.78 Gb/s, eight lanes to a PCIe Gen3 x8 edge connector and eight to an FMC+ connector",
        "72-bit DDR4-2666 with ECC in a fly-by topology, as discrete components on the board",
        "Multi-phase regulator for VCCINT (0.85 V, 30 A) with PMBus telemetry, and low-noise rails for the transceivers",
        "Jitter-cleaning PLL distributing reference clocks to every transceiver quad",
      ],
    },
    signalIntegrity: {
      desc: ["Pre-layout simulation set the rules; post-layout extraction proved the routed board met them."],
      pointers: [
        "Insertion-loss budget of 10 dB at 12.9 GHz, the Nyquist frequency at 25.78 Gb/s, from FPGA ball to QSFP28 connector",
        "100 Ω differential stripline held within ±7%, with impedance coupons on the panel",
        "Back-drilled vias on every GTY pair, leaving stubs shorter than 10 mil",
        "S-parameters extracted for each routed channel and simulated with the transceiver IBIS-AMI models; worst-case eye height 48 mV and width 0.42 UI at a BER of 1E-12 after equalisation",
        "DDR4 write and read timing and VREF margins simulated across the fly-by chain in SystemSI",
        "VCCINT power-delivery network held below a 2 mΩ target impedance up to 10 MHz, with 18% fewer decoupling capacitors than the first placement",
        "Crosstalk between adjacent pairs kept below −40 dB in the breakout region",
      ],
    },
    highlight: {
      desc: [
        "On the first boards, eye scans from the FPGA's transceivers matched the post-layout simulations to within 8% of eye opening on every lane. The correlation gave the customer confidence to use the same flow, and our simulation models, on its next board.",
      ],
    },
    challenges: {
      pointers: [
        "Breaking out a 1.0 mm-pitch, 1,760-ball package in 12 layers, using via-in-pad for the inner rows",
        "Keeping switching-regulator noise away from the sensitive ADC mezzanine connectors",
        "Meeting a 2.0 mm board thickness that the chassis dictated while keeping stripline dimensions manufacturable",
      ],
    },
    achievement: {
      pointers: [
        "All 24 transceiver links trained at their target rates on the first spin, with no rework",
        "DDR4 calibrated at 2,666 MT/s across the full temperature range in chamber testing",
        "Board released to production from the first fabrication run",
      ],
    },
  },
} satisfies CaseStudyInput;
