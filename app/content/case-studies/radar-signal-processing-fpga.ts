import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "radar-signal-processing-fpga",
  title: "Radar Signal-Processing Pipeline on an UltraScale+ FPGA",
  summary:
    "An FMCW radar chain on a Zynq UltraScale+ MPSoC: range and Doppler FFTs, CFAR detection, angle estimation and a point cloud, every frame within 28 ms.",
  result:
    "Every radar frame processed in 28 ms and a walking person detected at 800 m, for a security-electronics company",
  service: "fpga-design",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/radar-signal-processing-fpga-thumb.svg",
    alt: "Illustration of a radar antenna sending out arcs toward scattered target dots",
  },
  image: {
    src: "/images/case-studies/radar-signal-processing-fpga.svg",
    alt: "Indigo range-Doppler heat map with highlighted peaks, beside a chain of processing blocks leading to a point cloud",
  },
  facts: {
    name: "FMCW radar signal-processing pipeline",
    domain: "FPGA design and verification",
    technology: "AMD Zynq UltraScale+ MPSoC (ZU7EV), JESD204B, DDR4",
    tools: "AMD Vivado, Siemens Questa, MATLAB fixed-point models",
    application: "Perimeter-surveillance radar",
    language: "SystemVerilog, UVM, C, MATLAB",
  },
  sections: {
    projectDescription: {
      desc: [
        "An Indian security-electronics company was developing an FMCW ground-surveillance radar with a 3-transmit, 4-receive MIMO antenna. Its algorithm team had a working MATLAB chain; it needed that chain in an FPGA, processing every frame in real time and handing a compact point cloud to the tracker running on the processor cores.",
        "We designed the programmable-logic pipeline, verified it bit-exact against fixed-point models, and brought it up on the customer's hardware with live ADC data.",
      ],
    },
    architecture: {
      pointers: [
        "JESD204B capture of four 16-bit ADC channels, with DC removal and a selectable Hann or Blackman window",
        "1,024-point streaming range FFT per chirp and per channel, in block floating point",
        "Corner turn through a dedicated DDR4 bank, with an address mapping that keeps both write and read bursts long",
        "256-point Doppler FFT across chirp loops, followed by non-coherent integration over the 12-element virtual array",
        "Two-dimensional CFAR detection, selectable between cell-averaging and ordered-statistic",
        "Angle estimation with a 64-point FFT across the virtual array for each detection",
        "Post-processing: peak grouping, clustering and a point-cloud packetiser feeding the Cortex-A53 cores through AXI DMA",
      ],
    },
    postProcessingBlockVerification: {
      desc: [
        "The post-processing blocks turn raw detections into the point cloud the tracker consumes. They are control-heavy and data-dependent, and so the hardest part of the pipeline to compare against a floating-point algorithm. We verified them against bit-exact fixed-point MATLAB models, with test vectors exported into a UVM environment.",
      ],
      pointers: [
        "CFAR: every guard-cell and training-cell configuration, threshold scaling, and edge handling at the range and Doppler boundaries, compared detection by detection",
        "Peak grouping in range and Doppler, checked with synthetic scenes of adjacent, crossing and merging targets",
        "Clustering of detections into objects, including scenes with more clusters than the hardware tables hold, to prove the overflow behaviour",
        "Point-cloud packetiser: header, frame counter, CRC and correct behaviour under back-pressure from the DMA",
        "Scene-level regression of 400 recorded and simulated scenes, including multipath and ground clutter",
      ],
    },
    challenges: {
      pointers: [
        "The corner turn is the bandwidth bottleneck: reading across chirps from DDR4 wastes most of each burst unless the data is laid out for it",
        "Bit growth through two FFTs and integration had to be managed so that weak targets survived next to strong clutter",
        "Timing closure at 300 MHz with 81% of the device's DSP slices in use",
      ],
    },
    technologiesUsed: {
      pointers: [
        "AMD Zynq UltraScale+ MPSoC, JESD204B and AXI4-Stream interfaces",
        "Vivado for synthesis and implementation, with floorplanned DSP columns for the FFT engines",
        "Questa with a UVM environment and MATLAB-generated reference vectors",
        "Linux on the Cortex-A53 cores, with a DMA driver delivering point clouds to the tracker",
      ],
    },
    achievement: {
      pointers: [
        "A full frame of 256 chirp loops across the 12-element virtual array processed in 28 ms, well inside the 50 ms frame period",
        "Fixed-point output within 0.2 dB of the floating-point model's signal-to-noise ratio",
        "Timing closed at 300 MHz on the first floorplanned build",
        "Field trials detected a walking person at 800 m",
      ],
    },
  },
} satisfies CaseStudyInput;
