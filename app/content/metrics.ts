import type { MetricInput } from "./schema.ts";

export default [
  { label: "Countries Served and Expanding", value: 7 },
  { label: "Projects Delivered Globally", value: 50 },
  { label: "Active Team Members Supporting", value: 120 },
  { label: "Years of Collective Team Experience", value: 100 },
] satisfies MetricInput[];
