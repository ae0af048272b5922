import type { PressItemInput } from "./schema.ts";

export default [
  {
    image: {
      src: "/images/press/press-01.svg",
      alt: "Abstract illustration of a magazine spread with a portrait silhouette and a chip graphic",
    },
    title: "Why Verification Is India's Quiet Strength in Chip Design: An Interview with Our Founders",
    source: "Chip Design Quarterly",
    date: "2022-08-18",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-02.svg",
      alt: "Abstract illustration of an exhibition booth with a Blueberry banner, a demo screen and visitors",
    },
    title: "Blueberry Semiconductors Demonstrates FPGA-Based ASIC Prototyping at a Bengaluru Electronics Expo",
    source: "Electronics Industry Weekly",
    date: "2023-02-09",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-03.svg",
      alt: "Abstract illustration of a trophy on a podium beneath stage lights",
    },
    title: "Named Emerging Design-Services Company of the Year",
    source: "Design Services Excellence Awards",
    date: "2023-11-24",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-04.svg",
      alt: "Abstract illustration of students queuing at a registration desk in a college auditorium",
    },
    title: "Campus-Hiring Drive Brings 40 Graduate Engineers into VLSI Roles",
    source: "Campus Careers Journal",
    date: "2024-03-14",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-05.svg",
      alt: "Abstract illustration of a speaker at a lectern in front of a slide with a UVM testbench diagram",
    },
    title: "Our Verification Lead Speaks on Coverage Closure for Complex SoCs",
    source: "Verification Practitioners' Meet",
    date: "2024-07-26",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-06.svg",
      alt: "Abstract illustration of a newspaper page with a bar chart rising to the right",
    },
    title: "Bengaluru Design-Services Firm Crosses INR 10 Crore in Revenue and Plans Fivefold Growth",
    source: "The Electronics Business Review",
    date: "2025-01-20",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-07.svg",
      alt: "Abstract illustration of two people shaking hands in front of a university building",
    },
    title: "Blueberry Partners with an Engineering College on a VLSI Finishing Programme",
    source: "Technical Education Today",
    date: "2025-06-05",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-08.svg",
      alt: "Abstract illustration of a panel of four speakers seated on a stage with microphones",
    },
    title: "Panel: Building Offshore Development Centres That Customers Want to Keep",
    source: "Embedded Engineering Summit",
    date: "2025-10-16",
    sample: true,
  },
  {
    image: {
      src: "/images/press/press-09.svg",
      alt: "Abstract illustration of a new office entrance with a ribbon being cut and balloons",
    },
    title: "Blueberry Semiconductors Opens a Larger Engineering Centre in Bengaluru",
    source: "South India Tech Bulletin",
    date: "2026-04-08",
    sample: true,
  },
] satisfies PressItemInput[];
