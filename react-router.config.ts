import type { Config } from "@react-router/dev/config";
import { buildTargetFromEnv, STATIC_NOT_FOUND_PATH, staticWorkDir } from "./common/build-target.ts";
import { prerenderPaths } from "./app/content/paths.ts";

const target = buildTargetFromEnv(process.env);

export default {
  // Every content route is prerendered to static HTML. In the server build the Node server
  // renders the rest (404s, form posts); the static build has no server at all
  // (decisions 0001 and 0006).
  ssr: target === "server",
  // BUILD_DIR lets a second build sit beside the first (the server reads the same variable).
  // The static build works in its own folder; scripts/build/postbuild.ts publishes it as
  // STATIC_DIR (default build/static).
  buildDirectory: target === "static" ? staticWorkDir(process.env) : (process.env.BUILD_DIR ?? "build"),
  prerender: () => (target === "static" ? [...prerenderPaths(), STATIC_NOT_FOUND_PATH] : prerenderPaths()),
} satisfies Config;
