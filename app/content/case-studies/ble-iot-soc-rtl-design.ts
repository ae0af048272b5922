import type { CaseStudyInput } from "../schema.ts";

export default {
  slug: "ble-iot-soc-rtl-design",
  title: "RTL Design of a Low-Power BLE IoT SoC at 22 nm",
  summary:
    "Micro-architecture, RTL and power intent for a 22 nm Bluetooth LE SoC with five power domains, sleeping at 1.3 µA with 64 KB of RAM retained.",
  result: "First silicon held a BLE connection on its first lab day, sleeping at 1.3 µA, for a fabless start-up",
  service: "silicon-engineering",
  date: "2022-07-28",
  thumbnail: {
    src: "/images/case-studies/ble-iot-soc-rtl-design-thumb.svg",
    alt: "Illustration of a small chip emitting radio waves, with a battery symbol beside it",
  },
  image: {
    src: "/images/case-studies/ble-iot-soc-rtl-design.svg",
    alt: "SoC block diagram illustration with a processor, memory banks, radio and peripherals grouped into shaded power domains",
  },
  facts: {
    name: "Low-power Bluetooth LE SoC digital design",
    domain: "RTL design and SoC integration",
    technology: "22 nm ultra-low-leakage CMOS, Bluetooth LE 5.3, Arm Cortex-M33",
    tools: "Synopsys VCS, SpyGlass Lint and CDC, Design Compiler, PrimePower; Cadence Conformal LEC",
    application: "Wearables and battery-powered sensor tags",
    language: "SystemVerilog, UPF, Python",
  },
  sections: {
    projectDescription: {
      desc: [
        "An Indian fabless start-up was building a Bluetooth LE SoC for wearables and sensor tags that must run for years on a coin cell. It had licensed the radio and the processor, and needed a team to define the rest of the chip, write the RTL and integrate everything into a design that its physical-design partner could implement at 22 nm.",
        "We owned the digital top level from micro-architecture to netlist hand-off: the power-management controller, the memory and bus subsystem, the peripherals, and the integration of the processor, radio baseband and security blocks.",
      ],
    },
    targetProcess: {
      pointers: [
        "22 nm ultra-low-leakage CMOS with embedded flash",
        "Two operating points: 64 MHz at 0.8 V and 16 MHz at 0.65 V",
        "High-threshold cells in the always-on domain, where leakage dominates the sleep budget",
      ],
    },
    architecture: {
      pointers: [
        "Arm Cortex-M33 at up to 64 MHz with TrustZone, 1 MB of embedded flash and 256 KB of SRAM in eight independently retained banks",
        "Bluetooth LE 5.3 link-layer controller and modem baseband, interfaced to the licensed RF front end",
        "AES-128 CCM accelerator, true random number generator and a secure key store",
        "Eight-channel DMA on a multi-layer AHB matrix, with APB bridges to the peripherals",
        "SPI, I²C, UART, PDM microphone input, a 12-bit SAR ADC controller, timers, RTC and watchdog",
        "Five power domains: always-on, CPU, radio, peripherals and the retention SRAM",
      ],
    },
    design: {
      desc: [
        "Power drove every design decision. The always-on domain holds only the power-management controller, the RTC, wake-up logic and the sleep timer, clocked from a 32.768 kHz crystal; everything else can be switched off.",
      ],
      pointers: [
        "Power intent written in UPF from the start and verified in simulation, with isolation, level shifters and retention checked on every power-state transition",
        "Retention flip-flops on the processor's architectural state, so it resumes from deep sleep in 18 µs without a reboot",
        "Fine-grained clock gating, reaching 96% of flip-flops, and automatic gating of idle bus masters",
        "The BLE sleep timer counts in the 32.768 kHz domain and is re-synchronised to the 64 MHz domain on wake-up, holding connection-event timing within ±2 µs",
        "Lint- and CDC-clean RTL across eleven clock domains, with every crossing reviewed and waived in writing",
      ],
    },
    keyFeatures: {
      pointers: [
        "Deep sleep at 1.3 µA with 64 KB of SRAM retained and the RTC running",
        "Digital active power of 22 µA/MHz at 0.8 V",
        "Radio events scheduled by hardware, so the CPU can stay asleep through a connection interval",
        "Secure boot with firmware images authenticated before execution",
      ],
    },
    achievement: {
      pointers: [
        "RTL frozen in nine months, with logic equivalence passing on the final netlist",
        "Power estimates from PrimePower on gate-level activity came within 8% of silicon measurements",
        "First silicon booted and held a BLE connection to a phone on the first day in the lab",
      ],
    },
  },
} satisfies CaseStudyInput;
