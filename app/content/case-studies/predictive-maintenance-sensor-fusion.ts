import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "predictive-maintenance-sensor-fusion",
  title: "Predictive Maintenance with Vibration and Thermal Sensor Fusion",
  summary:
    "Wireless vibration and thermal sensor nodes with on-device anomaly detection, warning of bearing and alignment faults in plant machinery weeks ahead.",
  result: "13 of 14 machine faults flagged a median 23 days ahead, for a cement manufacturer",
  service: "machine-learning",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/predictive-maintenance-sensor-fusion-thumb.svg",
    alt: "Illustration of an industrial motor with a small sensor node mounted on its bearing housing",
  },
  image: {
    src: "/images/case-studies/predictive-maintenance-sensor-fusion.svg",
    alt: "Illustration of a vibration waveform and a temperature curve merging into a rising health-index chart",
  },
  facts: {
    name: "Predictive maintenance for rotating equipment",
    domain: "Machine learning for industrial IoT",
    technology: "Cortex-M4F sensor nodes, TensorFlow Lite for Microcontrollers, sensor fusion",
    tools: "TensorFlow, scikit-learn, Zephyr RTOS, Grafana",
    application: "Condition monitoring of motors, fans and pumps",
    language: "Python, C",
  },
  sections: {
    projectDescription: {
      desc: [
        "A cement manufacturer with plants in Karnataka and Andhra Pradesh was losing production to unplanned stoppages of fans, pumps and conveyor drives. Monthly manual vibration rounds missed faults that developed between visits, and wiring permanent sensors to every machine was too expensive.",
        "We developed battery-powered sensor nodes that analyse vibration and temperature on the machine, a fault model that learns each machine's normal behaviour, and the alerts that reach the maintenance team.",
      ],
    },
    businessRequirements: {
      pointers: [
        "Warn of developing bearing, imbalance and misalignment faults at least two weeks before failure",
        "Install on a running machine in minutes, with no cabling",
        "Battery life of at least three years, in the heat and dust of a cement plant",
        "Few enough false alarms that the maintenance team acts on every alert",
        "Alerts delivered to the plant's existing maintenance-management system",
      ],
    },
    sensorComposition: {
      desc: [
        "Each node is stud-mounted on a bearing housing and combines sensors that see different stages of a fault: high-frequency vibration shows bearing damage early, while temperature rises only late, and load explains what would otherwise look like anomalies.",
      ],
      pointers: [
        "Triaxial MEMS accelerometer, ±16 g with 6 kHz bandwidth, for imbalance, misalignment and looseness",
        "Single-axis piezoelectric accelerometer to 10 kHz for bearing-defect envelope analysis",
        "Infrared thermopile reading the bearing-housing temperature, with an ambient sensor for reference",
        "Hall-effect current clamp on one motor phase, giving load and an estimate of running speed",
      ],
    },
    solutionApproach: {
      pointers: [
        "One-second bursts sampled at 25.6 kHz every ten minutes; the node computes features and sends only those",
        "Features: RMS velocity in ISO vibration-severity bands, kurtosis, crest factor, running-speed harmonics and the envelope spectrum at each bearing's defect frequencies",
        "Temperature rise over ambient, normalised by load current, fused with the vibration features",
        "A 12 KB INT8 autoencoder on the node, trained on each machine's first two weeks of data, scores how far the machine is from its normal behaviour",
        "Gradient-boosted trees at the gateway classify anomalies as bearing, imbalance, misalignment or looseness and produce a health index",
      ],
    },
    technologiesUsed: {
      pointers: [
        "Zephyr RTOS on the sensor nodes, with Bluetooth LE to solar-powered gateways",
        "TensorFlow and TensorFlow Lite for Microcontrollers for the on-node model",
        "scikit-learn for fault classification, served from the plant's gateway",
        "Grafana dashboards for maintenance engineers, with alerts pushed to the maintenance-management system",
      ],
    },
    achievement: {
      pointers: [
        "140 machines monitored over nine months; 13 of 14 faults flagged, with a median warning of 23 days",
        "About one false alarm per 40 machine-months",
        "Two unplanned stoppages of a kiln exhaust fan avoided in the first year",
        "Projected battery life of four years at the ten-minute measurement interval",
      ],
    },
  },
} satisfies CaseStudyInput;
