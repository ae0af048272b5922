import type { ServiceInput } from "../schema.ts";

export default {
  id: "turnkey-solutions",
  order: 6,
  title: "Turnkey Solutions",
  cardSummary:
    "One team responsible for the whole product: hardware, FPGA or silicon, firmware and software, delivered against an agreed specification.",
  metaDescription:
    "Turnkey product development: requirements to production-ready hardware, FPGA logic, firmware and software, delivered by one team in Bengaluru.",
  heading: "Complete Products, Delivered by One Team",
  intro: [
    "Some customers need a finished product, not a set of specialists. In a turnkey engagement Blueberry Semiconductors takes responsibility for the whole system: we agree the requirements with you, design the hardware, the FPGA or silicon, the firmware and the application software, and deliver a tested product ready for manufacture.",
    "A single technical lead owns the schedule and the interfaces between disciplines, so you deal with one team and one plan. You receive full design files, source code and documentation at hand-over, along with support through certification and the first production runs.",
  ],
  offerings: [
    {
      heading: "What a Turnkey Engagement Covers",
      items: [
        "Requirements capture, system architecture and feasibility studies",
        "Hardware design, PCB layout and prototype builds",
        "FPGA or ASIC design and verification where the product needs it",
        "Firmware, drivers and application software",
        "System integration, testing and validation",
        "Support for compliance testing and certification",
        "Transfer to manufacturing, documentation and long-term maintenance",
      ],
    },
  ],
  image: {
    src: "/images/services/turnkey-solutions.svg",
    alt: "Illustration of a finished device opened to show its circuit board, chip and software layers",
  },
  cardImage: {
    src: "/images/services/turnkey-solutions-card.svg",
    alt: "Stylised product enclosure with a circuit board inside",
  },
} satisfies ServiceInput;
