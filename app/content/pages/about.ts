import type { AboutPageInput } from "../schema.ts";

export default {
  metaDescription:
    "Blueberry Semiconductors: a Bengaluru chip-design and embedded-engineering services company built on 20+ years of SoC experience and 300+ tape-outs.",
  bannerTagline: "Engineers who have taken chips from specification to silicon, working as part of your team.",
  introduction: {
    heading: "Who We Are",
    body: [
      "Blueberry Semiconductors is a design-services company headquartered in Bengaluru, India. We work with semiconductor companies, system houses and product start-ups on silicon engineering, FPGA design, embedded software, hardware design, machine learning and complete turnkey products.",
      "The company was founded by engineers who spent their careers designing and verifying SoCs for global chip companies. They started Blueberry to offer the kind of partner they had wanted as customers: one that understands the whole flow, tells you early when something is going wrong and sends engineers who can take ownership rather than wait for instructions.",
      "Today our team of more than 120 engineers serves customers in seven countries. Most of our engineers joined us early in their careers and have grown into leads and architects here, and that continuity is one of the things our customers value most.",
    ],
    image: {
      src: "/images/about/introduction.svg",
      alt: "Illustration of a team of engineers at a long desk, with chip layouts and waveforms on the screens in front of them",
    },
  },
  businessModel: {
    heading: "Our Business Model",
    body: [
      "Every customer needs something different from a design partner, so we offer four ways of working together. Many customers start with one model and move to another as the relationship grows; we keep the same engineers on the work when they do.",
    ],
    models: [
      {
        name: "Staff Augmentation",
        description:
          "Individual engineers or small teams join your project, work to your methodology and report to your managers. It is the quickest way to add capacity to a verification, physical design or firmware effort.",
      },
      {
        name: "Onsite ODC",
        description:
          "A dedicated offshore development centre team works at your premises, alongside your own engineers, with Blueberry managing hiring, training and retention.",
      },
      {
        name: "Offsite ODC",
        description:
          "A dedicated team works from our Bengaluru office on your infrastructure or ours, with secure connectivity, a named lead and regular reporting. It suits long-running programmes that need a stable, growing team.",
      },
      {
        name: "Build-Operate-Transfer",
        description:
          "We build and run an engineering centre for you, then transfer the team, processes and infrastructure to your own entity at an agreed point, giving you a working centre without the risk of starting from nothing.",
      },
    ],
  },
  trackRecord: {
    heading: "Our Founders' Track Record",
    body: [
      "Blueberry's founders bring more than twenty years of SoC experience, across processors, connectivity, multimedia and automotive chips. Between them they have contributed to more than 300 tape-outs, and together with the senior engineers who joined them they bring over 100 years of collective experience.",
      "That experience has turned into a business that customers return to. We have passed INR 10 crore in revenue, work directly with more than twenty active customers, and our top five customers have worked with us for over two years. Our mission is to multiply our turnover five times in the next three years without compromising the quality that got us here.",
    ],
    highlights: [
      "20+ years of SoC experience",
      "300+ tape-outs",
      "100+ years of collective experience",
      "Revenue over INR 10 crore",
      "Mission to multiply turnover 5x in three years",
      "20+ active direct customers",
      "Top 5 customers engaged for 2+ years",
    ],
    sample: true,
  },
  mission: {
    heading: "Our Mission",
    body: [
      "To give every customer an engineering team they can rely on to deliver working silicon and systems, on schedule and first time right.",
      "To grow with our customers and multiply our turnover five times in three years, by earning repeat work rather than chasing volume.",
    ],
  },
  vision: {
    heading: "Our Vision",
    body: [
      "To be the design-services partner that semiconductor companies think of first, and to help make India a place where complete chips and systems are designed, not only parts of them.",
    ],
  },
  goal: {
    heading: "Our Goal",
    body: [
      "To build a company where young engineers learn from people who have taped out hundreds of chips, and grow into the leads and architects who will train the next generation.",
      "For our customers, the goal is simple: every project we take on should be one they would give us again.",
    ],
  },
} satisfies AboutPageInput;
