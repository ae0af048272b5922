import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "pcie-gen5-controller-verification",
  title: "UVM Verification of a PCIe Gen5 Controller Subsystem",
  summary:
    "A UVM environment built from scratch for a PCIe Gen5 x16 endpoint controller: LTSSM, equalisation and TLP paths closed at 100% functional coverage.",
  result: "71 RTL bugs found before tape-out and Gen5 x16 trained on first silicon, for an accelerator start-up",
  service: "silicon-engineering",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/pcie-gen5-controller-verification-thumb.svg",
    alt: "Illustration of a PCIe controller block with sixteen lanes fanning out to an edge connector",
  },
  image: {
    src: "/images/case-studies/pcie-gen5-controller-verification.svg",
    alt: "Layered diagram of a UVM testbench wrapped around a PCIe controller, with agents, scoreboards and coverage blocks in indigo",
  },
  facts: {
    name: "PCIe Gen5 x16 endpoint controller subsystem verification",
    domain: "ASIC functional verification",
    technology: "PCI Express 5.0 at 32 GT/s, PIPE 5.1, 7 nm FinFET",
    tools: "Synopsys VCS and Verdi, commercial PCIe 5.0 verification IP, Python regression tooling",
    application: "Data-centre AI inference accelerator card",
    language: "SystemVerilog, UVM, Python",
  },
  sections: {
    projectDescription: {
      desc: [
        "A US-based data-centre accelerator start-up was building the PCIe Gen5 x16 endpoint for its inference card: a licensed PHY behind a PIPE 5.1 interface, an in-house controller covering the physical, data-link and transaction layers, and an AXI bridge into the accelerator fabric. The controller RTL was <em>new</em>, and the tape-out date for the 7 nm test chip was <strong>fixed</strong>.",
        `We were engaged to build the subsystem-level UVM environment from scratch, in SystemVerilog as the <a href="https://standards.ieee.org/ieee/1800/7743/">IEEE 1800 SystemVerilog standard</a> defines it, own the verification plan and take the controller to coverage sign-off, working alongside the client's design team in California across a twelve-and-a-half-hour time difference.`,
      ],
      pointers: [
        "Endpoint controller, x16, every rate from 2.5 GT/s to 32 GT/s",
        "PIPE 5.1 interface to a licensed SerDes PHY",
        "AXI4 application bridge with MSI-X and SR-IOV (4 physical and 64 virtual functions)",
      ],
    },
    scope: {
      pointers: [
        "Verification plan traced to the PCIe Base Specification 5.0 and the client's micro-architecture documents: 1,940 features, each mapped to a test, a cover point or an assertion",
        "Layered UVM testbench with a PIPE-level PHY model, a commercial PCIe VIP acting as the root complex, and AXI agents on the application side",
        "Scoreboards for TLP ordering rules, completion matching and flow-control credit accounting",
        "SystemVerilog assertions on the PIPE interface, LTSSM transitions, ACK/NAK protocol and the replay buffer",
        "Functional and code coverage closure, regression management and a weekly sign-off report to the client",
      ],
    },
    highlight: {
      desc: [
        "The link training and status state machine (LTSSM) carried most of the risk, so we gave it its own coverage model: every legal arc from Detect through Polling, Configuration and Recovery to L0, and on to L0s, L1, L2, Hot Reset, Disabled and Loopback, crossed with the link rate and width at which the arc was taken.",
      ],
      pointers: [
        "Equalisation phases 0 to 3 exercised at 8, 16 and 32 GT/s, including preset rejection and coefficient requests from the link partner",
        "Rate changes in Recovery from every supported rate to every other, with error injection during Recovery.Speed",
        "Lane reversal, lane-to-lane skew and link-width downgrade from x16 to x8, x4, x2 and x1",
      ],
    },
    complexityOvercome: {
      desc: [
        "A full x16 link is slow to simulate. In the first builds a single test took more than forty minutes just to train to L0 at 32 GT/s, which made a nightly regression of any useful depth impossible.",
      ],
      pointers: [
        "Agreed a reduced-timeout mode with the design team, guarded by assertions, that scales LTSSM timers down by 1,000 in most tests; full-length timers run in a dedicated nightly subset",
        "Saved a simulation checkpoint of the trained link at L0, so transaction-layer tests start from a live link; average test time fell from 38 to 6 minutes",
        "Built a Python triage flow that buckets failures by their first error signature, so a 2,000-seed nightly run is reviewed in under an hour",
      ],
    },
    role: {
      pointers: [
        "A team of eight verification engineers, led from Bengaluru, with one engineer shifting hours to overlap the client's working day",
        "Owned the testbench architecture, verification plan, coverage model and sign-off report",
        "Filed and tracked every bug in the client's tracker and joined the daily design stand-up",
        "Ran gate-level simulations with SDF back-annotation on the reset, clocking and power-management paths before tape-out",
      ],
    },
    achievement: {
      pointers: [
        "Functional coverage closed at 100%, with 98.6% code coverage and every exclusion reviewed and signed off by the client",
        "71 RTL bugs found before tape-out, 14 of them in the LTSSM and equalisation logic",
        "First silicon trained to Gen5 x16 in the lab; no respin was needed for controller logic",
        "The environment was handed over and is now reused by the client for a Gen5 root-port variant",
      ],
    },
  },
} satisfies CaseStudyInput;
