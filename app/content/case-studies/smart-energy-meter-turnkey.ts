import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "smart-energy-meter-turnkey",
  title: "Turnkey Smart Energy Meter, from Silicon to Cloud",
  summary:
    "Silicon to cloud: a metrology engine for the customer's metering SoC, the meter hardware, DLMS firmware and an AWS head-end for an IS 16444 smart meter.",
  result:
    "Better than class 1 accuracy and a 5,000-meter utility pilot within eleven months, for a fabless chip company",
  service: "turnkey-solutions",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/smart-energy-meter-turnkey-thumb.svg",
    alt: "Illustration of a single-phase electricity meter with a small display and a signal icon",
  },
  image: {
    src: "/images/case-studies/smart-energy-meter-turnkey.svg",
    alt: "Illustration linking a chip, a meter and a cloud with arrows, showing data flowing from silicon to the utility",
  },
  facts: {
    name: "Single-phase smart energy meter reference design",
    domain: "Turnkey product development",
    technology: "Metering SoC with our metrology engine, NB-IoT, DLMS/COSEM, AWS IoT Core",
    tools: "Synopsys VCS and Design Compiler, Altium Designer, IAR Embedded Workbench, AWS IoT Core, Terraform",
    application: "Utility smart metering (advanced metering infrastructure)",
    language: "SystemVerilog, C, Python, TypeScript",
  },
  sections: {
    projectDescription: {
      desc: [
        "An Indian fabless semiconductor company was entering the metering market with its own SoC. Meter manufacturers would adopt the chip only if it came with a complete, certifiable smart-meter design they could build from, so the company asked us to deliver both: part of the silicon, and the product around it.",
        "Our silicon team designed the digital metrology engine inside the SoC. The hardware, firmware and cloud teams then built a complete single-phase smart meter on that chip, together with the head-end software a utility pilot needs.",
      ],
    },
    businessRequirements: {
      pointers: [
        "Meet IS 16444 for smart meters and accuracy class 1 under IS 13779",
        "DLMS/COSEM data model and communication to the Indian companion standard, IS 15959",
        "NB-IoT connectivity, remote connect and disconnect, and over-the-air firmware updates",
        "Tamper detection for magnets, cover opening, neutral disturbance and reverse current",
        "A bill of materials low enough for utility tenders",
        "Ready for a utility pilot within a year",
      ],
    },
    solutionApproach: {
      pointers: [
        "Silicon: RTL, verification and synthesis of the metrology engine, covering sigma-delta decimation, phase compensation, RMS, active and reactive energy, and frequency measurement",
        "Metrology algorithms proven on an FPGA with the SoC's analogue front end before tape-out",
        "Hardware: meter board with shunt and current-transformer sensing, latching relay, NB-IoT module, supercapacitor for last-gasp messages, and an optical port",
        "Firmware: DLMS/COSEM stack, billing and load-survey profiles, tamper logic and secure firmware updates",
        "Cloud: a head-end on AWS receiving meter data over MQTT, with an interface to the utility's meter data management system",
        "Type-test preparation, including pre-compliance EMC and accuracy testing in our lab",
      ],
    },
    architecture: {
      desc: [
        "The meter measures phase current through a shunt and neutral current through a current transformer, so it keeps billing correctly when someone tampers with the neutral. The SoC's metrology engine computes energy in hardware; the application processor on the same die runs DLMS, tamper logic and communication.",
        "Each meter connects over NB-IoT and publishes to AWS IoT Core with its own X.509 certificate. Readings land in a time-series store, and commands such as disconnect or tariff changes travel the other way through the same channel.",
      ],
    },
    technologiesUsed: {
      pointers: [
        "SystemVerilog RTL and UVM verification for the metrology engine",
        "Altium Designer for the meter board",
        "C firmware built with IAR Embedded Workbench",
        "AWS IoT Core, Lambda and Amazon Timestream, deployed with Terraform",
        "MQTT over TLS 1.2 between meters and the head-end",
      ],
    },
    benefitsToCustomer: {
      pointers: [
        "One team accountable from metrology RTL to the cloud dashboard, so no interface fell between suppliers",
        "A reference meter that manufacturers can take to production, making the SoC far easier to sell",
        "Accuracy better than class 1 across 5% to 120% of rated current, confirmed during type testing at a NABL-accredited laboratory",
        "A 5,000-meter utility pilot running on the AWS head-end within eleven months of kick-off",
        "Full design files, source code and documentation handed over for the customer's licensees",
      ],
    },
  },
} satisfies CaseStudyInput;
