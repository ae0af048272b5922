/** For Node tools (react-router.config.ts, vite.config.ts, postbuild): the build BUILD_TARGET asks for. */
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
