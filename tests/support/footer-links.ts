/** The footer's links the company asked for on every page: each section, then each service. */
import { SERVICE_IDS, SERVICE_TITLES } from "../../app/content/constants.ts";

export const FOOTER_LINKS = [
  "Home",
  "About",
  "Careers",
  "Case Studies",
  "Contact",
  "Life",
  "Current Openings",
  "Testimonials",
  "Press & Media",
  ...SERVICE_IDS.map((id) => SERVICE_TITLES[id]),
];
