import type { PressItemInput } from "./schema.ts";

export default [
  {
    image: {
      src: "/images/press/press-01.svg",
      alt: "Abstract illustration of a magazine spread with a portrait silhouette and a chip graphic",
    },
    title: "Why verification is India's quiet strength in chip design: an interview with our founders",
    source: "Chip Design Quarterly",
    date: "2022-08-18",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-02.svg",
      alt: "Abstract illustration of an exhibition booth with a Blueberry banner, a demo screen and visitors",
    },
    title: "Blueberry Semiconductors demonstrates FPGA-based ASIC prototyping at a Bengaluru electronics expo",
    source: "Electronics Industry Weekly",
    date: "2023-02-09",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-03.svg",
      alt: "Abstract illustration of a trophy on a podium beneath stage lights",
    },
    title: "Named emerging design-services company of the year",
    source: "Design Services Excellence Awards",
    date: "2023-11-24",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-04.svg",
      alt: "Abstract illustration of students queuing at a registration desk in a college auditorium",
    },
    title: "Campus-hiring drive brings 40 graduate engineers into VLSI roles",
    source: "Campus Careers Journal",
    date: "2024-03-14",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-05.svg",
      alt: "Abstract illustration of a speaker at a lectern in front of a slide with a UVM testbench diagram",
    },
    title: "Our verification lead speaks on coverage closure for complex SoCs",
    source: "Verification Practitioners' Meet",
    date: "2024-07-26",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-06.svg",
      alt: "Abstract illustration of a newspaper page with a bar chart rising to the right",
    },
    title: "Bengaluru design-services firm crosses INR 10 crore in revenue and plans fivefold growth",
    source: "The Electronics Business Review",
    date: "2025-01-20",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-07.svg",
      alt: "Abstract illustration of two people shaking hands in front of a university building",
    },
    title: "Blueberry partners with an engineering college on a VLSI finishing programme",
    source: "Technical Education Today",
    date: "2025-06-05",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-08.svg",
      alt: "Abstract illustration of a panel of four speakers seated on a stage with microphones",
    },
    title: "Panel: building offshore development centres that customers want to keep",
    source: "Embedded Engineering Summit",
    date: "2025-10-16",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-09.svg",
      alt: "Abstract illustration of a new office entrance with a ribbon being cut and balloons",
    },
    title: "Blueberry Semiconductors opens a larger engineering centre in Bengaluru",
    source: "South India Tech Bulletin",
    date: "2026-04-08",
    sample: true,
  },
] satisfies PressItemInput[];
