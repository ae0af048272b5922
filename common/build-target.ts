/**
 * Which build is made (BUILD_TARGET) and where the static build goes, for the Node tools
 * that make it: react-router.config.ts, vite.config.ts, app/routes.ts (read at build time)
 * and the build scripts. The browser bundle learns its build from app/build-target.ts.
 */
export type BuildTarget = "server" | "static";

export function buildTargetFromEnv(env: Record<string, string | undefined>): BuildTarget {
  const value = env.BUILD_TARGET?.trim() || "server";
  if (value !== "server" && value !== "static") {
    throw new Error(`BUILD_TARGET must be "server" or "static", not "${value}".`);
  }
  return value;
}

/** Where the static build is published (STATIC_DIR, default build/static). */
export function staticOutDir(env: Record<string, string | undefined>): string {
  return env.STATIC_DIR?.trim() || "build/static";
}

/** Where React Router writes the static build before it is published: beside it, never BUILD_DIR. */
export function staticWorkDir(env: Record<string, string | undefined>): string {
  return `${staticOutDir(env)}.work`;
}

/** The path the static build prerenders the 'Not Found...' screen at; it is published as 404.html. */
export const STATIC_NOT_FOUND_PATH = "/404";
