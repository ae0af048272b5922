import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "networking-asic-fpga-prototyping",
  title: "Multi-FPGA Prototyping Platform for a Networking ASIC",
  summary:
    "A packet-processing ASIC partitioned across four Virtex UltraScale+ FPGAs, so its firmware ran on live 10G traffic nine months before silicon.",
  result: "Software running on live 10 GbE traffic nine months before first silicon, for a networking ASIC start-up",
  service: "fpga-design",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/networking-asic-fpga-prototyping-thumb.svg",
    alt: "Illustration of four FPGA squares linked by bundles of lines, with network ports at one edge",
  },
  image: {
    src: "/images/case-studies/networking-asic-fpga-prototyping.svg",
    alt: "Diagram of an ASIC outline split into four coloured partitions, each mapped onto its own FPGA",
  },
  facts: {
    name: "Multi-FPGA prototype of a packet-processing ASIC",
    domain: "FPGA prototyping",
    technology: "Four AMD Virtex UltraScale+ VU19P FPGAs, 10 GbE, PCIe Gen3",
    tools: "AMD Vivado, Synopsys ProtoCompiler, Siemens Questa",
    application: "Programmable switching for enterprise edge networks",
    language: "SystemVerilog, Tcl, Python",
  },
  sections: {
    projectDescription: {
      desc: [
        "A US-based networking start-up was designing a programmable packet-processing ASIC of about 140 million gates. Its SDK and control-plane software were on the critical path, and waiting for silicon would have left the software team a year behind.",
        "We built an FPGA prototype of the full ASIC RTL that ran real traffic, gave the software team remote access to it, and kept it in step with the RTL through to tape-out.",
      ],
    },
    scope: {
      pointers: [
        "Converting the ASIC RTL for FPGA: memories, clock gating and the ASIC-only cells",
        "Partitioning the design across four FPGAs and designing the inter-FPGA links",
        "Speed adaptation so that real 10 GbE traffic could reach a MAC running far below line rate",
        "A debug infrastructure the software team could use without FPGA knowledge",
        "Weekly prototype releases tracking the RTL",
      ],
    },
    architecture: {
      pointers: [
        "A commercial four-VU19P prototyping board, extended with daughter cards of our own design",
        "Ingress parsers and MAC wrappers in the first FPGA, the match-action pipeline split across the second and third, and the traffic manager and packet buffer in the fourth",
        "External DDR4 standing in for the on-die packet buffer, behind a wrapper that preserved the ASIC's access timing",
        "Inter-FPGA signals time-multiplexed 8:1 over LVDS, with transceiver links for the widest buses",
        "A speed-bridge card buffering 10 GbE traffic and applying pause frames towards the slower prototype",
        "PCIe Gen3 x8 to a host running the customer's control-plane software",
      ],
    },
    challenges: {
      pointers: [
        "The ASIC's TCAMs have no FPGA equivalent; we mapped them onto block RAM with an algorithmic TCAM that kept the same lookup latency as seen by the pipeline",
        "Twenty-two clock domains had to be mapped onto a small number of FPGA clock networks without changing their relative behaviour",
        "More than 9,000 signals cross the partition boundaries, which forced several rounds of partitioning to keep the multiplexing ratio at 8:1",
        "Every weekly RTL release had to produce a working prototype, so the whole flow was scripted end to end",
      ],
    },
    role: {
      pointers: [
        "Five engineers covering prototyping, board bring-up and debug infrastructure",
        "Owned the partitioning, the inter-FPGA interconnect and the release flow",
        "Supported the customer's software engineers remotely from Bengaluru, with a second board in their lab in California",
      ],
    },
    achievement: {
      pointers: [
        "The prototype ran the complete ASIC at 25 MHz, processing live 10 GbE traffic",
        "The SDK and control plane ran on the prototype nine months before first silicon",
        "23 RTL bugs found that only appeared with real traffic and long runs, all fixed before tape-out",
        "The SDK ran on first silicon within a week of its arrival",
      ],
    },
  },
} satisfies CaseStudyInput;
