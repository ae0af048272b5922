import type { MetricInput } from "./schema.ts";

export default [
  { label: "Countries served, and more each year", value: 7 },
  { label: "Projects delivered worldwide", value: 50 },
  { label: "Engineers and staff on the team", value: 120 },
  { label: "Years of experience between us", value: 100 },
] satisfies MetricInput[];
