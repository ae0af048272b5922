import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "bldc-motor-control-firmware",
  title: "Field-Oriented Control Firmware for an E-Bike BLDC Motor",
  summary:
    "Field-oriented control firmware for a 250 W e-bike hub motor on an STM32G4, with torque-sensor assist, regenerative braking and CAN to the display.",
  result: "Drive efficiency up from 78% to 86% and range up 12%, for an electric-bicycle maker",
  service: "embedded-software",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/bldc-motor-control-firmware-thumb.svg",
    alt: "Illustration of a bicycle wheel with a hub motor, drawn in indigo line art",
  },
  image: {
    src: "/images/case-studies/bldc-motor-control-firmware.svg",
    alt: "Illustration of three-phase sine waves rotating into a vector diagram beside a motor cross-section",
  },
  facts: {
    name: "E-bike hub-motor controller firmware",
    domain: "Embedded motor control",
    technology: "Arm Cortex-M4F (STM32G4), field-oriented control, CAN",
    tools: "STM32CubeIDE, MATLAB and Simulink, FreeRTOS, SEGGER J-Link and SystemView, PC-lint Plus",
    application: "Pedal-assist electric bicycles",
    language: "C (MISRA C:2012)",
  },
  sections: {
    projectDescription: {
      desc: [
        "A Pune-based electric-bicycle maker was using a bought-in controller with six-step commutation. Riders noticed the hum and the jerky start, the range was shorter than competitors', and the company could not change the firmware. It asked us to write its own controller firmware, on its own board, with field-oriented control.",
        "We developed the complete firmware: the motor-control core, the pedal-assist logic, communication with the display and battery, protection, and a CAN bootloader for updates in service centres.",
      ],
    },
    design: {
      desc: ["The control loops are split by rate, so the time-critical work never waits for anything else:"],
      pointers: [
        "Current loop at 20 kHz in the ADC end-of-conversion interrupt: Clarke and Park transforms, two PI controllers and space-vector PWM, taking 11 µs of the 50 µs period at 170 MHz",
        "Rotor angle from a sliding-mode observer with a phase-locked loop, blended from Hall sensors below 8 km/h where the back-EMF is too weak",
        "Torque loop at 1 kHz, driven by the pedal-torque sensor and the selected assist level",
        "Field weakening above base speed, so the motor reaches the 25 km/h assist limit with a partly discharged battery",
        "FreeRTOS tasks for CAN, pedal sensing, thermal management and logging, all at lower priority than the control interrupts",
        "Controller gains tuned in a Simulink model of the motor and inverter, then confirmed on a dynamometer",
      ],
    },
    keyFeatures: {
      pointers: [
        "Five assist levels that respond to pedal torque and cadence, for a natural feel",
        "Regenerative braking triggered by the brake levers, limited by battery state of charge and temperature",
        "Hardware over-current trip through the MCU's comparators, acting in under 2 µs",
        "Detection of phase loss, Hall faults, stalled rotor and over-temperature, with graceful derating",
        "CAN link to the display and battery, and a CAN bootloader with signed images",
        "Automatic calibration of Hall-sensor offsets at end of line",
      ],
    },
    challenges: {
      pointers: [
        "Sensorless estimation fails at standstill, yet the bike must start smoothly on a slope with a rider aboard; the Hall-to-observer blend solved this without a jolt",
        "Hall sensors were placed with ±4° electrical tolerance, which the automatic calibration measures and corrects",
        "Audible whine and torque ripple at low speed, cured with 20 kHz PWM and dead-time compensation",
        "The code had to pass MISRA C:2012 checks with every deviation documented",
      ],
    },
    achievement: {
      pointers: [
        "Drive-system efficiency at rated load up from 78% to 86% compared with the six-step controller",
        "Torque ripple reduced by about 60%, and the motor is now inaudible above road noise",
        "Range on the customer's standard test route up 12% on the same battery",
        "In production on three e-bike models",
      ],
    },
  },
} satisfies CaseStudyInput;
