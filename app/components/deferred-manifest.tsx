/**
 * The web app manifest (name and icons for a phone's home screen), linked only once the
 * page's script runs, which is after the load event (decision 0022). Linked in the HTML,
 * Chromium fetched it during the first paint, on a connection of its own beside the
 * stylesheet and the font; under Lighthouse's mobile simulation that made the LCP about
 * 75–150 ms later. Installing the site needs the manifest, not the first paint.
 */
import { useHydrated } from "~/lib/use-hydrated.ts";

const MANIFEST_PATH = "/site.webmanifest";

export function DeferredManifest() {
  return useHydrated() ? <link rel="manifest" href={MANIFEST_PATH} /> : null;
}
