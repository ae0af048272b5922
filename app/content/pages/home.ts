import type { HomePageInput } from "../schema.ts";

export default {
  heroTitle: "SEMICONDUCTOR SERVICES",
  heroTagline:
    "Your design services partner for silicon, FPGA, embedded and hardware engineering, from specification to tape-out and beyond.",
  fuelling: {
    heading: "FUELLING SEMICONDUCTORS",
    body: [
      "Blueberry Semiconductors is a chip-design and embedded-engineering services company in Bengaluru. We help semiconductor and product companies design, verify and implement ASICs, SoCs and FPGAs, and build the boards, firmware and machine learning that bring them to life.",
      "Our founders have more than twenty years of SoC experience and have contributed to over 300 tape-outs. We put that experience to work as an extension of your team, through staff augmentation, onsite and offsite offshore development centres, or a build-operate-transfer model, and we grow engineers who care about getting silicon right the first time.",
    ],
    image: {
      src: "/images/home/fuelling.svg",
      alt: "Illustration of engineers around a large silicon wafer, with circuit traces spreading out to a board, a chip and a laptop",
    },
  },
  featuredCaseStudies: ["automotive-mcu-dft", "pcie-gen5-controller-verification", "edge-ai-pcb-defect-detection"],
  // The band's first and largest fact, before the four counters.
  metricsLead: { value: 300, label: "tape-outs our founders have contributed to" },
  metricsIntro: "A young company with deep experience, growing with every project we deliver.",
  partnersIntro: "Semiconductor and product companies across seven countries trust us with their designs.",
  servicesIntro:
    "Six practices that together cover a product from the first specification to working silicon and software.",
} satisfies HomePageInput;
