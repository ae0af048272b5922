/**
 * Content constants the browser needs too (menus, cards). Kept free of zod so that
 * importing them adds no validation code to the JS bundle.
 */
export const SERVICE_IDS = [
  "silicon-engineering",
  "fpga-design",
  "embedded-software",
  "hardware-design",
  "machine-learning",
  "turnkey-solutions",
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** The teams an opening belongs to (its `category`), each with its own list of openings. */
export const JOB_CATEGORIES = ["vlsi", "software-embedded"] as const;

/** What the site and the editor call each team. */
export const JOB_CATEGORY_LABELS: Record<(typeof JOB_CATEGORIES)[number], string> = {
  vlsi: "VLSI",
  "software-embedded": "Software and Embedded",
};

/** The service titles; a case study's group (`service`) is one of the ids. */
export const SERVICE_TITLES: Record<ServiceId, string> = {
  "silicon-engineering": "Silicon Engineering",
  "fpga-design": "FPGA Design",
  "embedded-software": "Embedded Software",
  "hardware-design": "Hardware Design",
  "machine-learning": "Machine Learning",
  "turnkey-solutions": "Turnkey Solutions",
};

/** The optional sections of a case study, in the order the page shows them. */
export const CASE_STUDY_SECTIONS = {
  projectDescription: "Project Description",
  scope: "Scope",
  targetProcess: "Target Process",
  highlight: "Highlight",
  complexityOvercome: "Challenges Overcome",
  architecture: "Architecture",
  role: "Our Role",
  postProcessingBlockVerification: "Post-Processing Block Verification",
  qbcVerification: "QBC Verification",
  challenges: "Challenges",
  achievement: "Achievement",
  deviceDriverDevelopment: "Device Driver Development",
  droneSolutionDevelopment: "Drone Solution Development",
  design: "Design",
  signalIntegrity: "Signal Integrity",
  keyFeatures: "Key Features",
  accomplishments: "Accomplishments",
  businessRequirements: "Business Requirements",
  solutionApproach: "Solution Approach",
  technologiesUsed: "Technologies Used",
  benefitsToCustomer: "Benefits to the Customer",
  sensorComposition: "Sensor Composition",
} as const;
export type CaseStudySectionKey = keyof typeof CASE_STUDY_SECTIONS;

/** The sections that tell a study's outcome: the page opens with the one it has, under "Results". */
export const CASE_STUDY_RESULT_SECTIONS: readonly CaseStudySectionKey[] = [
  "achievement",
  "accomplishments",
  "benefitsToCustomer",
];
