import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "industrial-gateway-linux-bsp",
  title: "Linux BSP and Device Drivers for an Industrial IoT Gateway",
  summary:
    "A Yocto-based Linux BSP for an i.MX 8M Plus industrial gateway, with drivers for CAN-FD, isolated RS-485 for Modbus, secure boot and A/B updates.",
  result: "5,000 power cuts during updates and not one unbootable gateway, for an industrial-automation company",
  service: "embedded-software",
  date: "2022-06-06",
  thumbnail: {
    src: "/images/case-studies/industrial-gateway-linux-bsp-thumb.svg",
    alt: "Illustration of a DIN-rail gateway with terminal blocks and network ports",
  },
  image: {
    src: "/images/case-studies/industrial-gateway-linux-bsp.svg",
    alt: "Layered software stack illustration, from bootloader and kernel up to applications, above an industrial gateway",
  },
  facts: {
    name: "Industrial IoT gateway board support package",
    domain: "Embedded Linux",
    technology: "NXP i.MX 8M Plus, Linux 5.15 LTS with PREEMPT_RT, Yocto Project (Kirkstone)",
    tools: "BitBake, U-Boot, RAUC, Jenkins, Lauterbach TRACE32",
    application: "Factory data acquisition and protocol conversion",
    language: "C, device tree source, Python, shell",
  },
  sections: {
    projectDescription: {
      desc: [
        "An industrial-automation company in Ahmedabad designed a DIN-rail gateway to collect data from PLCs, drives and energy meters on the factory floor and pass it to its cloud platform. The hardware was ready; the vendor's evaluation-kit BSP was not fit for a product that would run unattended for ten years.",
        "We built the production BSP: bootloader, kernel, drivers, root file system, security and the update mechanism, all reproducible from the customer's own build server.",
      ],
    },
    scope: {
      pointers: [
        "Yocto distribution layer and machine configuration for three hardware variants",
        "U-Boot port with board detection from an EEPROM ID, and device-tree selection per variant",
        "Kernel configuration, device trees and drivers for all on-board peripherals",
        "Verified boot chain and A/B over-the-air updates with automatic rollback",
        "Continuous integration, board-level test scripts and hand-over documentation",
      ],
    },
    deviceDriverDevelopment: {
      desc: [
        "Most peripherals had mainline drivers; the work lay in those that did not, and in making the mainline ones behave on this board.",
      ],
      pointers: [
        "A new multi-function driver for the board-management microcontroller on I²C: 16 isolated digital inputs and 8 relay outputs through gpiolib, 4–20 mA inputs through IIO, and a hardware watchdog through the watchdog framework",
        "The mainline SocketCAN driver for two SPI CAN-FD controllers tuned with threaded, real-time-priority interrupts, eliminating receive-FIFO overflows at a 5 Mbit/s data phase and 90% bus load",
        "RS-485 direction control in the UART driver, with driver-enable timing set for the isolated transceivers, serving Modbus RTU at 115.2 kbaud",
        "Power sequencing and reset control for the LTE modem, with ModemManager handling the connection",
        "TPM 2.0 over SPI, used to seal the keys of the encrypted data partition",
        "Device-tree overlays for optional expansion modules, applied by U-Boot at boot",
      ],
    },
    technologiesUsed: {
      pointers: [
        "Yocto Project Kirkstone, with the customer's layer kept separate from vendor layers",
        "Linux 5.15 LTS with the PREEMPT_RT patch set",
        "High Assurance Boot, signed FIT images and dm-verity on the read-only root file system",
        "RAUC for A/B updates, with a hardware watchdog confirming each new image",
        "Jenkins pipelines that build, flash and test every change on boards in a rack",
      ],
    },
    challenges: {
      pointers: [
        "The Modbus service had to be answering within eight seconds of power-on",
        "Worst-case scheduling latency had to stay below 100 µs under full network and storage load",
        "An update interrupted by a power cut at any moment must never leave a gateway unbootable in the field",
      ],
    },
    achievement: {
      pointers: [
        "Modbus service available 6.4 s after power-on",
        "Worst-case latency of 62 µs measured with cyclictest over 72 hours under load",
        "5,000 power cuts injected during updates on the test rack without a single unbootable gateway",
        "The BSP and its CI pipeline handed over to the customer's team, which now maintains it",
      ],
    },
  },
} satisfies CaseStudyInput;
