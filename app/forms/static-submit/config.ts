/** The static build's validated public identifiers, as vite.config.ts wrote them into the bundle. */
import type { PublicConfig } from "./public-config.ts";

export function publicConfig(): PublicConfig {
  const config = import.meta.env.BLUEBERRY_PUBLIC_CONFIG;
  // Only the static build sends from the browser, and its build refuses to run without these.
  if (!config) throw new Error("The static build's public configuration is missing from this bundle.");
  return config;
}
