import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "hevc-decoder-ip-verification",
  title: "Verification of an HEVC Video Decoder IP",
  summary:
    "Block- and IP-level UVM verification of an HEVC Main 10 decoder, bit-exact against the HM reference decoder on every applicable conformance stream.",
  result: "Bit-exact with the HM reference on every applicable HEVC conformance stream, for a video IP vendor",
  service: "silicon-engineering",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/hevc-decoder-ip-verification-thumb.svg",
    alt: "Illustration of a video frame divided into coding tree units, some of them highlighted in indigo",
  },
  image: {
    src: "/images/case-studies/hevc-decoder-ip-verification.svg",
    alt: "Pipeline illustration of a bitstream passing through decoder stages and emerging as a picture, with a reference model alongside",
  },
  facts: {
    name: "HEVC (H.265) decoder IP verification",
    domain: "IP functional verification",
    technology: "HEVC Main and Main 10 profiles, level 5.1, 4K at 60 frames per second",
    tools: "Cadence Xcelium and vManager, HM reference software linked through DPI-C",
    application: "Set-top box and video-surveillance SoCs",
    language: "SystemVerilog, UVM, C++",
  },
  sections: {
    projectDescription: {
      desc: [
        "A video IP vendor was developing an HEVC codec family for set-top box and surveillance SoCs, starting with the decoder and following with the encoder. Its first licensee had a tape-out date, and the licence terms required the decoder to be bit-exact with the reference decoder on the conformance suite.",
        "We were asked to plan and carry out the decoder's verification, block by block and at IP level, and to build an environment the same team could carry over to the encoder.",
      ],
    },
    scope: {
      pointers: [
        "Verification plan covering every HEVC syntax element and decoding process supported by the IP",
        "Block-level UVM environments for the parser, entropy decoder, transform, prediction and in-loop filter stages",
        "IP-level environment decoding complete bitstreams through the AXI and register interfaces",
        "Constrained-random bitstream generation alongside the standard conformance streams",
        "Coverage closure, regression management and release reports for each IP drop",
      ],
    },
    architecture: {
      desc: [
        "The decoder is pipelined by coding tree unit (CTU). A parser and CABAC entropy decoder feed inverse quantisation and transform, intra and inter prediction (with motion compensation fetching reference pictures from DDR over AXI), and finally the deblocking and SAO filters before the picture is written back.",
        "The testbench mirrors that structure so that a mismatch can be located quickly:",
      ],
      pointers: [
        "C++ reference models derived from the HM reference software, called through DPI-C at block level",
        "CTU-level dumps of intermediate data from the reference decoder, so an IP-level mismatch points straight to the stage and CTU that caused it",
        "An AXI memory model with configurable latency and back-pressure, to stress the reference-picture fetch path",
        "A frame-level checker comparing every decoded picture, including Main 10 output, against the reference",
      ],
    },
    role: {
      pointers: [
        "Six verification engineers and a lead, working to the vendor's release milestones",
        "Owned the verification plan, both testbench layers and the coverage model",
        "Debugged mismatches down to the root cause and proposed RTL fixes to the design team",
        "Delivered a regression the vendor now runs on every change to the IP",
      ],
    },
    challenges: {
      pointers: [
        "A single 4K conformance stream takes hours to simulate, so most regression runs use small synthetic streams that reach the same corner cases in minutes",
        "CABAC errors corrupt everything that follows them; per-syntax-element checking in the parser environment caught them at the first wrong bin",
        "Inter prediction at picture boundaries and with reference-picture padding needed directed tests that random streams rarely produced",
      ],
    },
    accomplishments: {
      decoderSchemeVerification: [
        "CABAC entropy decoding of every syntax element, with context initialisation for all three initialisation types",
        "Inverse quantisation and inverse transforms: the 4×4 DST, DCTs from 4×4 to 32×32, and transform skip",
        "Intra prediction in all 35 modes, with reference-sample filtering and constrained intra prediction",
        "Inter prediction: merge and AMVP, quarter-sample luma and eighth-sample chroma interpolation, and weighted prediction",
        "Deblocking filter and sample adaptive offset across slice and tile boundaries",
        "Every Main and Main 10 conformance stream applicable to the IP decoded bit-exact against the HM reference decoder",
        "Corrupted and truncated bitstreams handled with error reporting and no hang",
      ],
      encoderSchemeVerification: "In progress",
    },
  },
} satisfies CaseStudyInput;
