import type { ServiceInput } from "../schema.ts";

export default {
  id: "machine-learning",
  order: 5,
  title: "Machine Learning",
  cardSummary:
    "Machine learning that runs at the edge: models trained, compressed and deployed on microcontrollers, FPGAs and AI accelerators.",
  metaDescription:
    "Machine learning services: edge AI, model optimisation and quantisation, deployment on FPGAs and accelerators, and ML in chip design flows.",
  heading: "Machine Learning, from the Model to the Hardware",
  intro: [
    "Machine learning is moving from the data centre into devices, and into the way chips are designed. Our engineers build and train models for vision, audio and sensor data, then make them small and fast enough to run on the hardware at hand, from microcontrollers and FPGAs to dedicated neural-network accelerators.",
    "Our silicon background lets us work on both sides of the problem: we optimise models for existing hardware, and we help customers design and verify the accelerators that run them. We also apply machine learning within engineering itself, for example to triage regression failures and to predict where a design will be hard to close.",
  ],
  offerings: [
    {
      heading: "Machine Learning Offerings",
      items: [
        "Data pipelines, model development and training for vision, audio and sensor data",
        "Model optimisation: quantisation, pruning and knowledge distillation",
        "Edge deployment on microcontrollers, embedded GPUs and NPUs",
        "Inference on FPGAs with high-level synthesis and custom RTL",
        "Architecture, RTL and verification of neural-network accelerators",
        "Sensor fusion and signal processing for embedded products",
        "Machine learning for engineering flows: regression triage and design analytics",
      ],
    },
  ],
  image: {
    src: "/images/services/machine-learning.svg",
    alt: "Illustration of a neural network whose layers feed into a small accelerator chip",
  },
  cardImage: {
    src: "/images/services/machine-learning-card.svg",
    alt: "Stylised network of connected nodes over a chip outline",
  },
} satisfies ServiceInput;
