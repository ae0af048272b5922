import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/paths.ts";

export default {
  // Every content route is prerendered to static HTML; the Node server renders the rest
  // (404s, form posts). See docs/decisions/0001-prerender-with-a-small-node-server.md.
  ssr: true,
  // BUILD_DIR lets a second build sit beside the first (the server reads the same variable).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  prerender: () => prerenderPaths(),
} satisfies Config;
