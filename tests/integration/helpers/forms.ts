/** Valid form fields as the site's own pages send them, for tests to vary one thing at a time. */
import { JOB_SLUG } from "./http.ts";
import { SENT_BY_SCRIPT_FIELD } from "../../../common/limits.ts";

let serial = 0;
/** A unique address per call, so a test can find its own row. */
export function uniqueEmail(who = "visitor"): string {
  serial++;
  return `${who}.${process.pid}.${serial}.${Date.now()}@example.com`;
}

export function contactFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    website: "",
    fillMs: "",
    intent: "contact",
    name: "Ravi Kumar",
    email: uniqueEmail("ravi"),
    phoneCountry: "IN",
    phone: "98450 12345",
    message: "We need a DDR5 PHY verification team for Q3.\r\nCan we talk next week?",
    ...overrides,
  };
}

export function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    website: "",
    fillMs: "",
    intent: "apply",
    job: JOB_SLUG,
    name: "Asha Rao",
    email: uniqueEmail("asha"),
    phoneCountry: "IN",
    phone: "98450 54321",
    comment: "Six years of UVM on PCIe Gen5 controllers.",
    consent: "yes",
    ...overrides,
  };
}

/** What the page's script adds to a form it sends (a plain HTML post lacks it). */
export const SENT_BY_SCRIPT = { [SENT_BY_SCRIPT_FIELD]: "1" };
