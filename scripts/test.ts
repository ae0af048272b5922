/**
 * `npm test`: every check, in order, stopping at the first that fails: prerequisites
 * outside npm, type check, lint, build (with the content check), unit and integration
 * tests, browser tests. Ends with one line "N passed, N failed" over all test cases.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const started = Date.now();

function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) {
    missing.push(
      `Chromium is not installed at ${CHROMIUM}; the browser tests need Debian's package:\n` +
        "    sudo apt-get update && sudo apt-get install -y chromium\n" +
        "  (or set CHROMIUM_PATH to another Chromium binary).",
    );
  }
  if (spawnSync("java", ["-version"]).status !== 0) {
    missing.push(
      "Java is not installed; the HTML validity test runs the Nu Html Checker (vnu.jar) on it:\n" +
        "    sudo apt-get update && sudo apt-get install -y default-jre-headless",
    );
  }
  return missing;
}

function step(name: string, command: string, args: string[]): void {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "1" } });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal}).`);
    summary();
    process.exit(1);
  }
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function readCounts(): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync("test-results/unit.json")) {
    const unit = JSON.parse(readFileSync("test-results/unit.json", "utf8"));
    counts.passed += unit.numPassedTests ?? 0;
    counts.failed += unit.numFailedTests ?? 0;
    counts.skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  }
  if (existsSync("test-results/e2e.json")) {
    const e2e = JSON.parse(readFileSync("test-results/e2e.json", "utf8"));
    counts.passed += e2e.stats?.expected ?? 0;
    counts.failed += (e2e.stats?.unexpected ?? 0) + (e2e.stats?.flaky ?? 0);
    counts.skipped += e2e.stats?.skipped ?? 0;
  }
  return counts;
}

function summary(): void {
  const { passed, failed, skipped } = readCounts();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nnpm test took ${minutes} min.`);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
}

const missing = missingPrerequisites();
if (missing.length > 0) {
  console.error("npm test needs something outside npm:\n");
  for (const m of missing) console.error(`  - ${m}\n`);
  process.exit(1);
}

spawnSync("rm", ["-rf", "test-results"]);
step("Type check", "npx", ["react-router", "typegen"]);
step("Type check", "npx", ["tsc", "--noEmit"]);
step("Lint", "npx", ["eslint", "."]);
// The integration tests start the built server, so the build comes first.
step("Build", "npm", ["run", "build"]);
step("Unit and integration tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/unit.json",
]);
step("Browser tests", "npx", ["playwright", "test"]);
summary();
