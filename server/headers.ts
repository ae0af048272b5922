/** Response headers every answer carries, and the Cache-Control presets. */

export const CACHE = {
  /** Hashed file names never change content: cache for a year. */
  immutable: "public, max-age=31536000, immutable",
  /** HTML and route data: always revalidate (cheap with ETag), so a deploy shows at once. */
  revalidate: "no-cache",
  /** Public files with stable names (images, icons): a day, then revalidate. */
  day: "public, max-age=86400",
  /** Answers that must not be stored (errors, health, form results). */
  none: "no-store",
} as const;

import { contentSecurityPolicy } from "./csp.ts";

/**
 * Security headers on every answer. The CSP here allows no inline script at all; pages
 * replace it with their own (build-time hashes, or a nonce for rendered pages).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  // Other sites' pages may not load our files (a CV link, an image) as their own resources.
  "Cross-Origin-Resource-Policy": "same-origin",
  "Content-Security-Policy": contentSecurityPolicy([]),
};

export function setSecurityHeaders(set: (name: string, value: string) => void): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) set(name, value);
}
