import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "agri-drone-flight-controller",
  title: "Flight-Controller Firmware for an Agricultural Spraying Drone",
  summary:
    "Flight-controller firmware for a 10-litre spraying drone: EKF sensor fusion, RTK-guided routes, radar terrain following and flow-controlled spraying.",
  result: "An acre sprayed in about eight minutes, for an agricultural-drone maker's first-season fleet",
  service: "embedded-software",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/agri-drone-flight-controller-thumb.svg",
    alt: "Illustration of a hexacopter drone above rows of crops, with a fine spray beneath it",
  },
  image: {
    src: "/images/case-studies/agri-drone-flight-controller.svg",
    alt: "Illustration of a field divided into back-and-forth flight lines, with a drone following the path at an even height",
  },
  facts: {
    name: "Spraying-drone flight-controller firmware",
    domain: "Embedded software for unmanned aircraft",
    technology: "STM32H7 (Arm Cortex-M7), PX4 autopilot on NuttX, RTK GNSS, mmWave radar",
    tools: "PX4 toolchain, Gazebo software-in-the-loop simulation, QGroundControl, MATLAB",
    application: "Crop-protection spraying",
    language: "C++, C, Python",
  },
  sections: {
    projectDescription: {
      desc: [
        "An agricultural-drone maker in Hyderabad had a hexacopter airframe with a 10-litre tank and a general-purpose autopilot that flew it well in open sky. Over a crop, it did not: the spray rate ignored ground speed, height over the canopy wandered, and the drone had no way to resume a job after refilling.",
        "We took on the flight-controller firmware and turned a general autopilot into a spraying machine, while keeping it within India's drone rules.",
      ],
    },
    droneSolutionDevelopment: {
      desc: [
        "We started from the open-source PX4 autopilot and added modules only where spraying needs more than a general-purpose stack provides.",
      ],
      pointers: [
        "A spray-controller module that sets pump flow in proportion to ground speed, holding the dose in litres per acre, with closed-loop correction from the flow sensor",
        "Terrain following 2 to 3 m above the canopy, with the radar altimeter fused into the height estimate",
        "Field missions planned as back-and-forth passes of configurable swath width, generated on the ground station and uploaded as mission items",
        "Resume after refill: the drone records where spraying stopped, returns when the tank runs dry, and picks up from that point",
        "No Permission, No Takeoff (NPNT) support: the permission artefact is checked before arming and flight logs are signed",
        "Failsafes for geofence breach, link loss and low battery, with a return decision that accounts for distance and payload",
      ],
    },
    sensorComposition: {
      desc: [
        "All sensors feed a 24-state extended Kalman filter. Redundancy was chosen so that no single failure leaves the drone without attitude, position or height.",
      ],
      pointers: [
        "Three IMUs from two different manufacturers on separate SPI buses, one of them temperature-controlled, on a vibration-isolated mount",
        "Dual-antenna RTK GNSS receiver giving centimetre-level position and GNSS-derived heading",
        "Magnetometer on the GNSS mast as a back-up heading source",
        "Barometer in a foam-shielded cavity, protected from rotor wash",
        "Downward mmWave radar altimeter for height over the crop, from 1 to 30 m",
        "Flow sensor on the spray line and a level sensor in the tank",
        "Smart-battery telemetry for voltage, current and remaining capacity",
      ],
    },
    keyFeatures: {
      pointers: [
        "Spray dose held within ±5% at ground speeds from 3 to 7 m/s",
        "Cross-track error under 10 cm on RTK-guided passes",
        "Height held within ±0.15 m over the canopy on level fields",
        "Gain scheduling on payload mass, so handling stays constant as the tank empties",
      ],
    },
    challenges: {
      pointers: [
        "Pump and rotor vibration aliased into the IMUs; dynamic notch filters that track motor speed from ESC telemetry removed it",
        "The steel pump motor disturbed the magnetometer, so heading comes primarily from dual-antenna GNSS",
        "Liquid sloshing in a half-full tank shifts the centre of mass during turns; the attitude controller's gains were retuned for it in flight tests",
        "Radar returns from a dense canopy differ from bare soil; the height estimator treats the canopy as the surface to follow",
      ],
    },
    achievement: {
      pointers: [
        "One acre sprayed in about eight minutes, including turns",
        "More than 1,800 flight hours across the customer's first-season fleet without an estimator-related incident",
        "Software-in-the-loop regression in Gazebo run on every firmware change before flight testing",
      ],
    },
  },
} satisfies CaseStudyInput;
