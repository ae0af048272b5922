import type { EducationProfilesInput } from "./schema.ts";

/**
 * The degrees a job prefers, as named profiles: a job names one in `educationProfile` and
 * its page and structured data show the list. Jobs that ask for the same degrees share a
 * profile, so a change to the wording reaches all of them.
 */
export default {
  "electronics-vlsi": [
    "B.Tech or B.E. in Electronics, Electrical or Electronics and Communication Engineering",
    "M.Tech in VLSI Design, Microelectronics or a related field",
  ],
  "analog-circuits": [
    "B.Tech or B.E. in Electronics, Electrical or Electronics and Communication Engineering",
    "M.Tech or M.S. in Microelectronics, VLSI Design or Analog Circuit Design",
  ],
  "electronics-embedded": [
    "B.Tech or B.E. in Electronics, Electrical or Electronics and Communication Engineering",
    "M.Tech in VLSI Design, Microelectronics or Embedded Systems",
  ],
  "electronics-or-computing-embedded": [
    "B.Tech or B.E. in Electronics, Electrical, Electronics and Communication or Computer Science",
    "M.Tech in VLSI Design, Microelectronics or Embedded Systems",
  ],
  "electronics-signal-processing": [
    "B.Tech or B.E. in Electronics, Electrical or Electronics and Communication Engineering",
    "M.Tech in VLSI Design, Embedded Systems or Signal Processing",
  ],
  "any-degree-digital-design": [
    "Any engineering or science degree; what matters is strong digital design skill",
    "Electronics, Electrical or Computer Science graduates are welcome, as are those from other disciplines who can show RTL work",
  ],
} satisfies EducationProfilesInput;
