import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "lte-m-asset-tracker-turnkey",
  title: "Turnkey LTE-M Asset Tracker, from Concept to Production",
  summary:
    "From concept to 10,000 units: an LTE-M and NB-IoT asset tracker with GNSS, motion wake-up, a three-year battery and an AWS IoT back end.",
  result:
    "The first 10,000 trackers delivered eleven months after kick-off, at above 99% yield, for a logistics company",
  service: "turnkey-solutions",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/lte-m-asset-tracker-turnkey-thumb.svg",
    alt: "Illustration of a rugged tracker device attached to a shipping container, with a location pin above it",
  },
  image: {
    src: "/images/case-studies/lte-m-asset-tracker-turnkey.svg",
    alt: "Illustration of a map with a dotted route between location pins, connected by radio waves to a cloud",
  },
  facts: {
    name: "Cellular asset tracker",
    domain: "Turnkey product development",
    technology: "Nordic nRF9160 (LTE-M, NB-IoT and GNSS), Zephyr RTOS, MQTT over TLS",
    tools: "nRF Connect SDK, Altium Designer, AWS IoT Core, Terraform, Python production-test framework",
    application: "Tracking returnable containers across a logistics network",
    language: "C, Python, TypeScript",
  },
  sections: {
    projectDescription: {
      desc: [
        "A logistics company that rents returnable transport containers to manufacturers across India was losing thousands of containers a year to yards where they sat forgotten. It wanted a tracker on every container, and came to us with a requirement and a target price rather than a design.",
        "We took the tracker from concept to volume production: hardware, enclosure, firmware, cloud back end, certification support and the production test line at the customer's contract manufacturer.",
      ],
    },
    businessRequirements: {
      pointers: [
        "Report location several times a day from anywhere in India, including yards far from cities",
        "Run for at least three years without a battery change",
        "Survive outdoor mounting, washing and handling: IP67 and impact-resistant",
        "Detect movement, and raise an alert when a container leaves its expected area",
        "Fit the customer's per-unit cost target at 10,000 units",
      ],
    },
    solutionApproach: {
      pointers: [
        "Concept phase: power budget, comparison of LTE-M and NB-IoT coverage along the customer's routes, and a bill-of-materials estimate",
        "Hardware built around a cellular system-in-package with integrated GNSS, a low-power accelerometer and a compact embedded antenna tuned inside the final enclosure",
        "Zephyr-based firmware using power-saving mode and eDRX between reports, with assisted GNSS for fast fixes",
        "A back end on AWS IoT Core with device provisioning, a fleet dashboard and an API for the customer's operations software",
        "Support through TEC certification and network acceptance testing with the operator",
        "A production test station that checks RF, GNSS, sensors and current, then flashes firmware and provisions certificates",
      ],
    },
    keyFeatures: {
      pointers: [
        "Three years of battery life at twelve reports a day, from one 8.5 Ah lithium-thionyl chloride cell with a hybrid layer capacitor for transmit peaks",
        "Automatic fallback between LTE-M and NB-IoT, depending on coverage",
        "Wake on motion, with a report as soon as the container moves and again when it stops",
        "Geofences evaluated on the device, so an alert does not wait for the next scheduled report",
        "Secure over-the-air firmware updates with signed images and rollback",
      ],
    },
    technologiesUsed: {
      pointers: [
        "Nordic nRF9160 system-in-package, with nRF Connect SDK and Zephyr RTOS",
        "Altium Designer for the board, and antenna tuning in the final enclosure",
        "AWS IoT Core, Lambda and DynamoDB, deployed with Terraform",
        "MQTT over TLS with a per-device X.509 certificate",
        "A Python production-test framework driving the test-station instruments",
      ],
    },
    benefitsToCustomer: {
      pointers: [
        "One team responsible from first sketch to shipped units, with a single plan and a single point of contact",
        "First 10,000 units delivered eleven months after kick-off",
        "Production yield above 99% at the contract manufacturer, with every unit tested and provisioned on the line",
        "Containers left idle in yards now located and recovered within days instead of months",
        "The customer owns all design files, source code and cloud infrastructure",
      ],
    },
  },
} satisfies CaseStudyInput;
