import type { ServiceInput } from "../schema.ts";

export default {
  id: "hardware-design",
  order: 4,
  title: "Hardware Design",
  cardSummary:
    "Schematics, multilayer PCB layout and signal-integrity analysis for boards that work on the first build, from evaluation kits to production hardware.",
  metaDescription:
    "Hardware design services: schematics, high-speed PCB layout, signal and power integrity, board bring-up and validation from Bengaluru.",
  heading: "Boards That Work on the First Build",
  intro: [
    "Our hardware team designs the boards on which chips are proven and products are built: evaluation and validation boards for new silicon, FPGA carrier cards, and compact production boards for industrial, automotive and consumer products.",
    "We take a board from the block diagram and component selection through schematics, multilayer layout and signal- and power-integrity analysis to fabrication support, bring-up and validation. Our designers work alongside our FPGA and embedded engineers, so the board, the logic and the firmware are designed to fit one another from the start.",
  ],
  offerings: [
    {
      heading: "Hardware Design Offerings",
      items: [
        "System architecture, block diagrams and component selection",
        "Schematic capture and design reviews",
        "Multilayer and high-density PCB layout, including HDI and controlled impedance",
        "Signal-integrity and power-integrity analysis for DDR, PCIe and high-speed serial links",
        "Power supply and power-tree design",
        "Design for manufacture and test, and fabrication and assembly support",
        "Board bring-up, validation and compliance pre-testing",
      ],
    },
  ],
  image: {
    src: "/images/services/hardware-design.svg",
    alt: "Illustration of a multilayer circuit board with a processor, memory chips and connectors linked by traces",
  },
  cardImage: {
    src: "/images/services/hardware-design-card.svg",
    alt: "Stylised printed circuit board",
  },
} satisfies ServiceInput;
