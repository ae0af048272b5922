import type { TestimonialInput } from "./schema.ts";

export default [
  {
    name: "Priya Raghavan",
    designation: "Senior Design Verification Engineer",
    message:
      "I joined Blueberry as a fresher who had only read about UVM in a textbook. My lead sat with me every Friday for three months, reviewing my sequences line by line and explaining why a scoreboard should never trust the DUT. Five years on I own the verification plan for a full PCIe subsystem, and I run those same Friday reviews for the new joiners.",
    featured: true,
    sample: true,
  },
  {
    name: "Arjun Menon",
    designation: "Physical Design Lead",
    message:
      "The night our first 7 nm chip taped out, the whole floor stayed back to watch the final LVS run go clean, and someone had ordered biryani for forty. What I value more is that the founders trusted me to own the full-chip timing closure at thirty, with their support but without second-guessing every call I made.",
    sample: true,
  },
  {
    name: "Sneha Kulkarni",
    designation: "DFT Engineer",
    message:
      "I came from a software background and was worried DFT would be a black box. The team gave me a small block to insert scan on, then walked me through every ATPG coverage gap until I understood why it was there. Last month I supported pattern bring-up on the tester for a customer chip, which I could not have imagined two years ago.",
    sample: true,
  },
  {
    name: "Rahul Deshpande",
    designation: "FPGA Design Engineer",
    message:
      "What I enjoy most is seeing my RTL run on a real board in the lab the same week I write it. When I was stuck closing timing on a 300 MHz video pipeline, a senior engineer spent an afternoon with me in Vivado showing how to read the critical paths instead of just adding pipeline stages everywhere.",
    sample: true,
  },
  {
    name: "Kavya Nair",
    designation: "Embedded Software Engineer",
    message:
      "Because the chip designers sit two desks away, I can ask why a register behaves oddly and get an answer with the waveform in ten minutes. I wrote my first Linux driver here for an SPI peripheral that did not exist in silicon yet, testing it on the FPGA prototype. Flexible hours also let me finish my M.Tech on weekday evenings.",
    sample: true,
  },
  {
    name: "Mohammed Irfan",
    designation: "Hardware Design Engineer",
    message:
      "I have designed eleven boards at Blueberry, and the first bring-up of each one still makes me nervous in a good way. The team reviews every schematic together before layout, which caught a swapped DDR byte lane on my second board that would have cost us a re-spin.",
    sample: true,
  },
  {
    name: "Ananya Iyer",
    designation: "Machine Learning Engineer",
    message:
      "I work at the point where models meet hardware, which is rare to find in one company. Quantising a vision model to run on a customer's FPGA taught me more about fixed-point arithmetic than any course did, and the RTL team was patient with all my questions.",
    sample: true,
  },
  {
    name: "Deepa Shetty",
    designation: "HR Business Partner",
    message:
      "We know almost every engineer by name, and we make a point of sitting down with each of them twice a year to talk about where they want to go next, not just about their appraisal. Some of my favourite moments are telling a campus hire that they have been promoted to lead the team they joined as freshers.",
    sample: true,
  },
  {
    name: "Vikram Reddy",
    designation: "Verification Lead",
    message:
      "I moved from associate engineer to verification lead in six years, and each step came with a real project rather than a title change. Leading a team of eight on a customer's SoC taught me that closing coverage is as much about people and planning as it is about SystemVerilog.",
    sample: true,
  },
  {
    name: "Lakshmi Narayanan",
    designation: "Analog Layout Engineer",
    message:
      "Analog layout is a craft, and here I get to learn it from people who have done it for twenty years. My mentor made me redo a bandgap layout three times until the matching was right, and the post-layout results showed me exactly why it mattered.",
    sample: true,
  },
  {
    name: "Sandeep Gowda",
    designation: "Design Verification Engineer",
    message:
      "In my first month I was given a real AXI agent to build rather than a training exercise, with a buddy assigned to review my code. Finding my first genuine RTL bug through an assertion I had written was a proud moment, and my lead made sure the customer knew who had found it.",
    sample: true,
  },
  {
    name: "Tomás Ferreira",
    designation: "Principal Physical Design Engineer",
    message:
      "I relocated to Bengaluru from Lisbon expecting a short assignment, and three years later I am still here. The engineers are sharp, hungry to learn and honest about problems early, which is exactly what you want in the last weeks before tape-out.",
    sample: true,
  },
  {
    name: "Neha Agarwal",
    designation: "RTL Design Engineer",
    message:
      "My degree is in physics, and Blueberry was the only company that tested what I could design rather than filtering me out on paper. I now write micro-architecture specs for interconnect blocks, and SpyGlass reports no longer frighten me.",
    sample: true,
  },
  {
    name: "Karthik Subramanian",
    designation: "Senior Analog Design Engineer",
    message:
      "I get to design PLLs and data converters for production silicon and then see them measured in the customer's lab. Running Monte Carlo across every PVT corner before sign-off is non-negotiable here, and I appreciate a culture that gives us time to do things properly.",
    sample: true,
  },
  {
    name: "Fatima Sheikh",
    designation: "Operations Manager",
    message:
      "Running operations for an engineering team that grows every quarter is never dull. When we set up our first onsite ODC for a customer, I had tool licences, laptops and access sorted in eight days, and the engineers started billing work in their first week.",
    sample: true,
  },
  {
    name: "Rohan Joshi",
    designation: "Associate Engineer, Design Verification",
    message:
      "The six-week induction covered SystemVerilog, UVM and scripting, but what helped most was shadowing a senior engineer on a live project. Nobody makes you feel foolish for asking a question twice, and there is always someone free to look at a failing regression with you.",
    sample: true,
  },
  {
    name: "Hannah Becker",
    designation: "Senior FPGA Verification Engineer",
    message:
      "I joined the Bengaluru team after years of working with them from Munich as a customer, and it felt like the natural next step. The learning sessions on Thursday afternoons are a highlight; last month a junior engineer taught the whole team a formal verification trick I now use every day.",
    sample: true,
  },
  {
    name: "Suresh Babu",
    designation: "Technical Manager, Embedded Systems",
    message:
      "I have watched the embedded team grow from three people to over twenty, and we have kept the habit of reviewing every driver together before it goes to a customer. Being trusted to shape the team, choose the projects and hire the people I work with is what keeps me here.",
    sample: true,
  },
] satisfies TestimonialInput[];
