import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "ev-battery-management-board",
  title: "Battery Management System Board for Electric Two-Wheelers",
  summary:
    "A 20S battery management board for 72 V electric two-wheeler packs: cell monitoring, balancing, EKF state of charge and CAN, designed with AIS-156 in view.",
  result:
    "State-of-charge error below 3% and safety tests passed at the first attempt, for an electric two-wheeler maker",
  service: "hardware-design",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/ev-battery-management-board-thumb.svg",
    alt: "Illustration of an electric scooter with a battery pack outlined beneath the footboard",
  },
  image: {
    src: "/images/case-studies/ev-battery-management-board.svg",
    alt: "Illustration of rows of cylindrical cells wired to a long circuit board with monitoring chips and power switches",
  },
  facts: {
    name: "Battery management system for a 72 V two-wheeler pack",
    domain: "Hardware design and battery electronics",
    technology: "20S NMC lithium-ion, 72 V nominal, 40 Ah; daisy-chained cell-monitoring AFEs, CAN",
    tools: "Altium Designer, LTspice, MATLAB and Simulink, thermal imaging",
    application: "Electric scooters and motorcycles",
    language: "C (firmware)",
  },
  sections: {
    projectDescription: {
      desc: [
        "An electric two-wheeler maker in South India was moving from bought-in battery packs to packs assembled in its own plant, and needed a battery management system it controlled: its own hardware, its own firmware and its own data. The board had to fit a narrow slot along the pack, survive vibration and water splash, and support the safety requirements that India's AIS-156 standard was bringing in.",
        "We designed the BMS board and its firmware, built and tested prototypes on the customer's packs, and supported the transfer to its contract manufacturer.",
      ],
    },
    design: {
      pointers: [
        "Two cell-monitoring AFEs in a daisy chain with isolated communication, measuring all 20 cell voltages and ten temperatures",
        "High-side N-channel MOSFET switches for charge and discharge, with a charge-pump gate driver: 60 A continuous, 150 A peak",
        "Pre-charge circuit for the motor controller's input capacitors, so the main switch never closes into an inrush",
        "100 µΩ shunt with a dedicated coulomb-counting ADC for current measurement",
        "Passive cell balancing at 100 mA per cell",
        "Automotive Cortex-M4 MCU with CAN to the vehicle control unit and charger",
        "Six-layer board with 2 oz inner copper, conformal coating and sealed connectors",
      ],
    },
    keyFeatures: {
      pointers: [
        "State of charge from an extended Kalman filter combining coulomb counting with an open-circuit-voltage model of the cells",
        "State-of-health tracking from capacity fade and internal-resistance growth",
        "Over-voltage, under-voltage, over-current, short-circuit and temperature protection, with the short-circuit trip in hardware",
        "Thermal-event detection from rate of temperature rise and collapsing cell voltage, with a warning to the rider through the vehicle control unit",
        "Event and trip logging in non-volatile memory for warranty analysis",
        "Sleep current under 80 µA, so a parked scooter keeps its charge for months",
      ],
    },
    complexityOvercome: {
      pointers: [
        "At 150 A peak, six MOSFETs in parallel had to share current evenly; layout symmetry, gate-resistor matching and thermal simulation kept the hottest device within 9 °C of the coolest",
        "Short-circuit protection had to act before the MOSFETs left their safe operating area; a comparator path trips the gate driver in 180 µs without involving firmware",
        "Noise from the motor controller disturbed cell measurements; filtering and synchronised sampling held cell-voltage accuracy within ±2 mV from −20 °C to 60 °C",
      ],
    },
    technologiesUsed: {
      pointers: [
        "Altium Designer for schematic and layout",
        "LTspice for pre-charge, gate-drive and protection-path simulation",
        "MATLAB and Simulink for the cell model and the state-of-charge estimator, generated from the customer's own cell test data",
        "Firmware in C on FreeRTOS, with CAN messages defined in a DBC file shared with the vehicle team",
      ],
    },
    achievement: {
      pointers: [
        "State-of-charge error below 3% over urban drive cycles on the test bench",
        "Short-circuit, overcharge and over-temperature tests passed on the customer's packs at the first attempt",
        "Design reviewed against AIS-156 requirements ahead of homologation testing",
        "Handed over to the customer's contract manufacturer with a production test fixture and procedure",
      ],
    },
  },
} satisfies CaseStudyInput;
