import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "automotive-mcu-dft",
  title: "DFT and ATPG for an ASIL-B Automotive Microcontroller",
  summary:
    "DFT architecture, scan compression, ATPG and in-field logic BIST for a 28 nm ASIL-B microcontroller: 99.3% stuck-at coverage and a 6.2 ms key-on self-test.",
  result: "99.3% stuck-at coverage and a 6.2 ms key-on self-test for a Tier-1 automotive supplier's ASIL-B MCU",
  service: "silicon-engineering",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/automotive-mcu-dft-thumb.svg",
    alt: "Illustration of a microcontroller die threaded with scan chains, beside a stylised car outline",
  },
  image: {
    src: "/images/case-studies/automotive-mcu-dft.svg",
    alt: "Diagram of scan chains feeding a compression block and a signature register inside a chip outline, drawn in indigo",
  },
  facts: {
    name: "DFT implementation for a body and chassis microcontroller",
    domain: "Design for test",
    technology: "28 nm HKMG with embedded flash, ISO 26262 ASIL-B, AEC-Q100 Grade 1",
    tools: "Siemens Tessent (Scan, TestKit, LogicBIST, MemoryBIST), Synopsys Design Compiler, PrimeTime and VCS",
    application: "Body-control and chassis ECUs",
    language: "Tcl, Verilog, STIL",
  },
  sections: {
    projectDescription: {
      desc: [
        `A Tier-1 automotive supplier developing its own microcontroller for body-control and chassis ECUs asked us to define and implement the complete design-for-test architecture, with board-level access through a test access port to <a href="https://standards.ieee.org/ieee/1149.1/4484/">IEEE 1149.1 (JTAG boundary scan)</a>. The device pairs two Arm Cortex-R5 cores in lockstep with 4 MB of embedded flash, 512 KB of ECC-protected SRAM, and CAN-FD, LIN and Ethernet peripherals.`,
        "Because the MCU is rated to ISO 26262 ASIL-B and AEC-Q100 Grade 1, test was <em>not only</em> a production cost. It had to reach the defect coverage the safety case assumes, both on the production tester and <strong>every time the vehicle starts</strong>.",
      ],
    },
    targetProcess: {
      pointers: [
        "28 nm high-k metal gate process with embedded flash, qualified for automotive use",
        "About 380,000 scan flip-flops across six functional clock domains",
        "Junction temperature range of −40 °C to 150 °C",
        "A low-pin-count test interface of 16 scan channels, to fit the customer's tester configuration",
      ],
    },
    scope: {
      pointers: [
        "DFT architecture specification, with test modes controlled through an IEEE 1687 (IJTAG) network behind an IEEE 1149.1 TAP",
        "Scan insertion and embedded deterministic compression: 16 external channels driving 640 internal chains (40× compression)",
        "On-chip clock controllers for at-speed transition testing of every functional domain",
        "Memory BIST for 38 SRAM instances and the flash interface logic",
        "Logic BIST for power-on self-test, with X-bounding and test-point insertion",
        "Stuck-at, transition and cell-aware ATPG, timing-annotated pattern simulation and scan-mode STA",
      ],
    },
    highlight: {
      desc: [
        "In-field self-test set this project apart. The safety concept required the lockstep cores and the safety-relevant peripherals to be tested at every key-on, within the time the ECU allows before it must respond on the bus, with the result reported to the safety manager.",
      ],
      pointers: [
        "In LBIST mode the scan is reconfigured into 2,560 chains of 150 flops, running 4,096 patterns in 6.2 ms at 100 MHz shift",
        "1,450 test points raised LBIST stuck-at coverage on the lockstep cores to 90.8%",
        "Memory BIST of all SRAMs follows in a further 2.4 ms",
        "Signatures and pass/fail status reach the safety manager through ECC-protected registers, and the FMEDA inputs went to the customer's safety team",
      ],
    },
    challenges: {
      pointers: [
        "Lockstep comparators and ECC checkers are built to flag any mismatch, which under scan appears as X-states and false faults; each needed a test-mode bypass the safety team would accept",
        "Embedded flash macros and analogue blocks had to be wrapped so they could not inject X-states into ATPG or LBIST signatures",
        "Shift power in LBIST had to stay within the key-on supply budget, which capped toggle activity at 25%",
        "The tester-time target left little room for pattern count at wafer sort",
      ],
    },
    achievement: {
      pointers: [
        "Stuck-at coverage of 99.3% and transition coverage of 94.1%, with cell-aware patterns targeting a further 2,300 cell-internal defects",
        "11,800 compressed logic patterns, applied in about 0.8 s per die",
        "Scan, memory BIST and logic BIST all worked on the tester on the first day of silicon; pattern bring-up was complete in four days",
      ],
    },
  },
} satisfies CaseStudyInput;
