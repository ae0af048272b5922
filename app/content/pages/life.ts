import type { LifePageInput } from "../schema.ts";

export default {
  metaDescription:
    "Life at Blueberry Semiconductors in Bengaluru: real chip projects from day one, mentoring by senior engineers, clear career paths and standard benefits.",
  bannerTagline: "Work on real silicon, learn from engineers with 300+ tape-outs, and grow as fast as you are able to.",
  rapidGrowth: {
    heading: "A Rapidly Growing Company",
    body: [
      "Blueberry has grown to more than 120 engineers serving customers in seven countries, and we aim to multiply our turnover five times in three years. Growth means new projects, new teams and new leadership roles every year.",
      "It also means your work is seen. In a company of our size, the founders know what you are working on, and a good idea from a second-year engineer can change how a whole team works.",
    ],
  },
  workCulture: {
    heading: "Work Culture",
    body: [
      "We are engineers first. Problems are raised early and discussed openly, reviews are about the design rather than the designer, and nobody is made to feel foolish for asking a question twice.",
      "Celebrations matter too: we mark every tape-out, celebrate Diwali, Onam and Holi together, and play a fiercely contested inter-team cricket match every year.",
    ],
  },
  careerAcceleration: {
    heading: "Career Acceleration",
    body: [
      "From your first month you work on live customer projects, not training exercises, with a senior engineer assigned to review your work and answer your questions. Weekly learning sessions cover everything from UVM and formal verification to timing closure and Linux drivers.",
      "Engineers who want to broaden their skills can move between verification, design, DFT, physical design and embedded teams, and we fund certifications and tool training that help them do it.",
    ],
  },
  careerProgression: {
    heading: "Career Progression",
    body: [
      "Our path runs from associate engineer to engineer, senior engineer, lead, principal engineer and architect, with a parallel path into project and delivery management. Promotions follow twice-yearly reviews based on the work you have done and the responsibility you have taken, not on time served.",
      "Many of our leads joined us as freshers, and we would rather promote from within than hire over the heads of the people who built the team.",
    ],
  },
  workEnvironment: {
    heading: "Work Environment",
    body: [
      "Our Bengaluru office has an open-plan engineering floor, a lab with oscilloscopes, logic analysers and FPGA and development boards, quiet rooms for focused work and a breakout room for table tennis and carrom.",
      "Engineers have access to industry-standard EDA tools and compute for regressions, and flexible hours let you fit work around study, family and the Bengaluru traffic.",
    ],
  },
  benefits: {
    heading: "Standard Benefits",
    items: [
      "Health insurance covering you, your spouse, children and parents",
      "Term life and personal accident insurance",
      "Provident Fund (PF) contributions",
      "Gratuity as per the Payment of Gratuity Act",
      "Paid annual leave, sick leave and public holidays",
      "Flexible working hours",
      "Annual learning budget for courses, certifications and conferences",
      "Access to industry-standard EDA tool licences and lab equipment for learning",
      "Referral bonus for every engineer you help us hire",
      "Team outings, festival celebrations and annual awards",
    ],
  },
} satisfies LifePageInput;
