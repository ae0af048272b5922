import type { ServiceInput } from "../schema.ts";

export default {
  id: "embedded-software",
  order: 3,
  title: "Embedded Software",
  cardSummary:
    "Firmware, drivers, board support packages and embedded Linux that bring your hardware to life, written by engineers who understand the silicon underneath.",
  metaDescription:
    "Embedded software services: bare-metal firmware, RTOS, Linux device drivers, BSPs, bootloaders and pre-silicon validation software from Bengaluru.",
  heading: "Firmware and Drivers, Close to the Silicon",
  intro: [
    "Hardware is only useful once software can drive it. Our embedded software team writes the layer between the silicon and the application: boot code, firmware, device drivers, board support packages and the test software used to validate a chip before and after tape-out.",
    "Because we sit next to the chip designers, our software engineers read register specifications and waveforms as easily as source code. That shortens bring-up, and it means that when a problem turns out to be in hardware, we can say so with evidence.",
  ],
  offerings: [
    {
      heading: "Firmware and Operating Systems",
      items: [
        "Bare-metal firmware for Arm Cortex-M, Cortex-A and RISC-V cores",
        "RTOS ports and applications on FreeRTOS and Zephyr",
        "Bootloaders and secure boot, including U-Boot",
        "Embedded Linux: kernel configuration, Yocto and Buildroot builds",
        "Power management and low-power firmware",
      ],
    },
    {
      heading: "Drivers and Validation",
      items: [
        "Linux and RTOS device drivers for I2C, SPI, UART, USB, PCIe and Ethernet",
        "Board support packages and hardware abstraction layers",
        "Pre-silicon validation software on emulators and FPGA prototypes",
        "Post-silicon validation suites and bring-up scripts",
        "Unit testing, static analysis and MISRA C compliance",
      ],
    },
  ],
  image: {
    src: "/images/services/embedded-software.svg",
    alt: "Illustration of a microcontroller board with layers of firmware, drivers and application stacked above it",
  },
  cardImage: {
    src: "/images/services/embedded-software-card.svg",
    alt: "Stylised code window beside a microcontroller",
  },
} satisfies ServiceInput;
