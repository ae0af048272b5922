import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { readBuildDate } from "./common/build-date.ts";
import { photos } from "./scripts/build/vite-photos.ts";
import { TEST_BUILD_DATE } from "./tests/support/build-date.ts";

// The tests' today, for the catalog the tests import and every build or check they run.
const buildDate = readBuildDate({ BUILD_DATE: process.env.BUILD_DATE || TEST_BUILD_DATE });

/**
 * Two projects: `unit` (no build, nothing outside npm: `npm run test:fast` runs it alone)
 * and `integration` (the built site, real servers and databases). Most integration files
 * wait on child processes, sockets and timers rather than the CPU, so four files run at
 * once on two cores.
 */
export default defineConfig({
  // The content catalog imports the photographs' index (virtual:blueberry-photos).
  plugins: [photos(fileURLToPath(new URL(".", import.meta.url)))],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  define: { "import.meta.env.BLUEBERRY_BUILD_DATE": JSON.stringify(buildDate) },
  test: {
    environment: "node",
    env: { BUILD_DATE: buildDate },
    maxWorkers: 4,
    projects: [
      // Worker threads start faster than processes; no unit test changes directory or signals.
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], pool: "threads" } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Child processes, builds and servers on a two-core machine shared with two other
          // files: limits that catch a hang, not a slow machine (a passing run takes far less).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
