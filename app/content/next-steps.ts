/**
 * The bands pages end on (app/components/closing-cta.tsx): what a visitor can do next, one
 * per purpose. A page names the one that suits it; the first action is the main one.
 */
export interface NextStep {
  to: string;
  label: string;
}

export interface ClosingBand {
  eyebrow: string;
  title: string;
  lead: string;
  actions: readonly [NextStep, ...NextStep[]];
}

export const closingBands = {
  /** For a visitor with work to bring: talk to an engineer. */
  project: {
    eyebrow: "Work with us",
    title: "Have a Chip, a Board or Firmware to Build?",
    lead: "Tell us where your project stands, from a first specification to silicon on the bench, and we will put the right engineers on it.",
    actions: [
      { to: "/contact", label: "Start a project" },
      { to: "/careers/jobs", label: "See openings" },
    ],
  },
  /** For a visitor who might join: the openings. */
  careers: {
    eyebrow: "Join us",
    title: "Write the Next Story with Us",
    lead: "Openings across analog, physical design, DFT, verification and RTL, for every level of experience.",
    actions: [{ to: "/careers/jobs", label: "Apply now" }],
  },
} as const satisfies Record<string, ClosingBand>;

export type ClosingBandName = keyof typeof closingBands;
