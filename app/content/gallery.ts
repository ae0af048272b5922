import type { GalleryImageInput } from "./schema.ts";

export default [
  {
    image: {
      src: "/images/gallery/gallery-01.svg",
      alt: "Abstract illustration of a lab bench with an oscilloscope showing a square wave, a development board and a soldering station",
    },
    caption: "Board bring-up on the lab bench",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-02.svg",
      alt: "Abstract illustration of small teams gathered round laptops at long tables, with a countdown clock on the wall",
    },
    caption: "Our annual 24-hour hackathon",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-03.svg",
      alt: "Abstract illustration of an office decorated with rows of lit diyas, paper lanterns and a rangoli pattern on the floor",
    },
    caption: "Diwali celebrations at the Bengaluru office",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-04.svg",
      alt: "Abstract illustration of a cake shaped like a silicon die, surrounded by raised glasses and confetti",
    },
    caption: "Celebrating a customer tape-out",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-05.svg",
      alt: "Abstract illustration of a batsman and bowler on a green cricket ground under a bright sky",
    },
    caption: "The inter-team cricket match",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-06.svg",
      alt: "Abstract illustration of a presenter beside a screen showing a UVM testbench diagram, with an audience seated in rows",
    },
    caption: "A Thursday learning session on UVM",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-07.svg",
      alt: "Abstract illustration of new joiners at a table with name cards, welcome kits and laptops",
    },
    caption: "Induction day for our campus hires",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-08.svg",
      alt: "Abstract illustration of two engineers pointing at a large chip floorplan pinned to a whiteboard",
    },
    caption: "Floorplan review with the physical design team",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-09.svg",
      alt: "Abstract illustration of colourful flower garlands, a pookalam floral pattern and a banana-leaf lunch laid on a long table",
    },
    caption: "Onam lunch with the whole team",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-10.svg",
      alt: "Abstract illustration of a stage with a trophy and certificates on a table, and an audience applauding",
    },
    caption: "Annual awards night",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-11.svg",
      alt: "Abstract illustration of a group of hikers on a hill trail at sunrise with distant rocky peaks",
    },
    caption: "Team outing to the hills near Bengaluru",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-12.svg",
      alt: "Abstract illustration of a mentor and a junior engineer at one desk, a waveform viewer open on the monitor",
    },
    caption: "Mentoring session on a failing regression",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-13.svg",
      alt: "Abstract illustration of a bright open-plan office with plants, standing desks and large windows",
    },
    caption: "Our open-plan engineering floor",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-14.svg",
      alt: "Abstract illustration of people in splashes of pink, yellow and green powder colour in an open courtyard",
    },
    caption: "Holi in the courtyard",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-15.svg",
      alt: "Abstract illustration of a table-tennis table and a carrom board in a breakout room with bean bags",
    },
    caption: "The breakout room between regressions",
    sample: true,
  },
  {
    image: {
      src: "/images/gallery/gallery-16.svg",
      alt: "Abstract illustration of volunteers teaching school students to build a simple circuit on breadboards",
    },
    caption: "Electronics workshop for local school students",
    sample: true,
  },
] satisfies GalleryImageInput[];
