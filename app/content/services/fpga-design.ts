import type { ServiceInput } from "../schema.ts";

export default {
  id: "fpga-design",
  order: 2,
  title: "FPGA Design",
  cardSummary:
    "FPGA designs that ship in products, and prototypes on which you can validate an ASIC and start its software long before tape-out.",
  metaDescription:
    "FPGA design services: RTL, IP integration, timing closure, Zynq/MPSoC systems, ASIC prototyping and board bring-up by engineers in Bengaluru.",
  heading: "FPGA Design, Prototyping and Bring-Up",
  intro: [
    "Our FPGA engineers design logic for products in which the FPGA is the final platform, such as industrial controllers, test equipment, video pipelines and communication links, and for prototypes that let customers run real software on a design months before its silicon returns from the foundry.",
    "We work across AMD and Intel device families, from small cost-optimised parts to large multi-die devices, and we take each design from the architecture through to a working board in our Bengaluru lab. Our verification engineers test FPGA designs as thoroughly as ASICs, because a bug found on the bench costs far more time than one found in simulation.",
  ],
  offerings: [
    {
      heading: "FPGA Design Offerings",
      items: [
        "FPGA architecture, device selection and resource planning",
        "RTL design in Verilog, SystemVerilog and VHDL",
        "IP integration over AXI, and Zynq and MPSoC processor subsystems",
        "Timing constraints and timing closure in Vivado and Quartus",
        "High-speed interfaces: transceivers, PCIe, Ethernet, DDR and JESD204",
        "ASIC prototyping: partitioning SoC designs across one or more FPGAs",
        "Simulation-based and UVM verification of FPGA designs",
        "Board bring-up, on-chip debug and hand-over documentation",
      ],
    },
  ],
  image: {
    src: "/images/services/fpga-design.svg",
    alt: "Illustration of an FPGA fabric of logic blocks with routing channels and a processor core in one corner",
  },
  cardImage: {
    src: "/images/services/fpga-design-card.svg",
    alt: "Stylised FPGA chip on a development board",
  },
} satisfies ServiceInput;
