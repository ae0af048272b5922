import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "edge-ai-pcb-defect-detection",
  title: "Edge-AI Visual Defect Detection for a PCB Assembly Line",
  summary:
    "An INT8-quantised vision model on an edge computer checks every board after reflow, catching 98.7% of defects at a 1.9% false-call rate.",
  result: "98.7% of defects caught and escapes to functional test down 63%, for an electronics contract manufacturer",
  service: "machine-learning",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/edge-ai-pcb-defect-detection-thumb.svg",
    alt: "Illustration of a camera above a circuit board on a conveyor",
  },
  image: {
    src: "/images/case-studies/edge-ai-pcb-defect-detection.svg",
    alt: "Illustration of a circuit board with bounding boxes drawn around a few components, marking suspected defects",
  },
  facts: {
    name: "Edge-AI post-reflow inspection",
    domain: "Machine learning and computer vision",
    technology: "NVIDIA Jetson Xavier NX, INT8 quantisation, single-stage object detection",
    tools: "PyTorch, ONNX, TensorRT, OpenCV, Label Studio, MLflow",
    application: "Quality inspection on SMT assembly lines",
    language: "Python, C++",
  },
  sections: {
    projectDescription: {
      desc: [
        "An electronics manufacturing services company in Chennai runs SMT lines building boards for industrial and consumer customers. Its rule-based optical inspection raised so many false calls that operators had started passing boards without looking, and real defects were reaching functional test.",
        "We built a learned inspection station that sits after the reflow oven, runs entirely on the line, and tells operators only about boards that need their attention.",
      ],
    },
    businessRequirements: {
      pointers: [
        "Inspect every board at line speed: a panel of four boards every 22 seconds",
        "Detect missing and misplaced components, reversed polarity, solder bridges, insufficient solder and tombstoning, down to 0402 parts",
        "A false-call rate under 3%, low enough for operators to trust the system",
        "No images leave the factory, to protect the EMS company's customers' designs",
        "Results recorded against each board's barcode in the existing manufacturing execution system",
        "A model the customer's own engineers can retrain for new products",
      ],
    },
    solutionApproach: {
      pointers: [
        "Two 12 MP colour cameras with coaxial and low-angle ring lighting, so both component bodies and solder fillets are visible",
        "Each panel registered to the product's placement data and cut into overlapping 640 × 640 tiles",
        "A single-stage detector with a compact backbone, trained on 14,000 labelled tiles plus synthetic defects pasted onto good boards",
        "Post-training INT8 quantisation cost 2.8 points of recall on solder bridges; quantisation-aware training recovered all but 0.4 of them",
        "Model exported through ONNX and compiled with TensorRT for the Jetson's GPU and deep-learning accelerators",
        "Operators' verdicts at the repair station flow back as new labels, and monthly retraining is tracked in MLflow",
      ],
    },
    technologiesUsed: {
      pointers: [
        "PyTorch for training, ONNX as the exchange format, TensorRT for INT8 inference",
        "OpenCV for image registration and tiling",
        "Label Studio for annotation, with a review step for every defect label",
        "A small C++ service on the edge computer linking cameras, model and MES",
      ],
    },
    challenges: {
      pointers: [
        "Defects are rare, about 0.3% of solder joints, so the training set was balanced by sampling and synthetic defects",
        "A new product appears on the line almost every week; placement-data registration lets the model work on boards it has never seen",
        "Glare from shiny solder and varying board colours, handled with the two-angle lighting and colour augmentation",
      ],
    },
    achievement: {
      pointers: [
        "Recall of 98.7% across defect classes at a false-call rate of 1.9%",
        "A panel inspected in 3.2 seconds, well inside the line's cycle time",
        "Defects escaping to functional test down by 63% in the first quarter",
        "Now running on four lines, with a fifth being installed",
      ],
    },
  },
} satisfies CaseStudyInput;
