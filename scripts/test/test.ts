/**
 * `npm test`: every check, in order, stopping at the first that fails: prerequisites
 * outside npm, type check, formatting and eslint side by side, build (with the content check),
 * the static build for the tests, unit and integration tests, browser tests of the server
 * build, then of the static build. Ends with one line "N passed, N failed, N skipped" over
 * all test cases, where a stage that failed without a failing test to show (it could not
 * start, wrote no report, ran no test) counts as one failure more (scripts/test/test-summary.ts).
 *
 * `npm run test:fast` (`--fast`): the edit-test loop, within a minute: type check, formatting, lint and
 * the unit tests (Vitest's `unit` project, two at a time), with no build and nothing outside npm. The
 * type check and lint keep caches under node_modules/.cache/, so after the first run they check only
 * what changed. It is a subset: `npm test` runs all of it again.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "../../tests/support/chromium.ts";
import { TEST_BUILD_DATE } from "../../tests/support/build-date.ts";
import { findNginx } from "../../tests/support/nginx.ts";
import { freePort } from "../../tests/support/processes.ts";
import {
  closingLines,
  type Counts,
  playwrightCounts,
  readReport,
  type StageOutcome,
  summarise,
  vitestCounts,
} from "./test-summary.ts";

const started = Date.now();

function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) {
    missing.push(
      `Chromium is not installed at ${CHROMIUM_PATH}; the browser tests need Debian's package:\n` +
        "    sudo apt-get update && sudo apt-get install -y chromium\n" +
        "  (or set CHROMIUM_PATH to another Chromium binary).",
    );
  }
  if (!findNginx()) {
    missing.push(
      "nginx is not installed; the static host test and the multi-replica topology test run Debian's nginx (they start their own):\n" +
        "    sudo apt-get update && sudo apt-get install -y nginx",
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

const FAST = process.argv.includes("--fast");
const missing = FAST ? [] : missingPrerequisites();
if (missing.length > 0) {
  console.error("npm test needs something outside npm:\n");
  for (const m of missing) console.error(`  - ${m}\n`);
  process.exit(1);
}

// Every build and check in the run counts the same day as today, one on which the content's
// openings are open, so the suite does not change with the calendar (tests/support/build-date.ts).
process.env.BUILD_DATE ||= TEST_BUILD_DATE;

// The static test build names the stand-ins' origins, so their ports are chosen before it
// and passed on to every later stage; free ones unless given (tests/support/static-env.ts).
for (const name of ["E2E_STATIC_PORT", "E2E_STATIC_EMAILJS_PORT", "E2E_STATIC_STORAGE_PORT"])
  process.env[name] ||= String(await freePort());
const { staticTestBuildEnv } = await import("../../tests/support/static-env.ts");

interface Stage {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** A test stage's JSON report and how to count it. */
  report?: { path: string; counts: (report: never) => Counts };
}

// The three a core's worth each; side by side they share both cores to the end.
const typecheckAndLint: Stage[] = [
  { name: "Type check", command: "npm", args: ["run", "typecheck"] },
  { name: "Formatting", command: "npm", args: ["run", "lint:format"] },
  { name: "Lint", command: "npm", args: ["run", "lint:code"] },
];

const stages: (Stage | Stage[])[] = [
  typecheckAndLint,
  // The integration tests start the built server, so the build comes first.
  { name: "Build", command: "npm", args: ["run", "build"] },
  // After the server build, which empties build/: the static build pointed at the tests'
  // stand-ins, for the static host, JS budget and browser tests.
  { name: "Build (static, for the tests)", command: "npm", args: ["run", "build:static"], env: staticTestBuildEnv() },
  {
    name: "Unit and integration tests",
    command: "npx",
    args: ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"],
    report: { path: "test-results/unit.json", counts: vitestCounts },
  },
  {
    name: "Browser tests",
    command: "npx",
    args: ["playwright", "test"],
    report: { path: "test-results/e2e.json", counts: playwrightCounts },
  },
  {
    name: "Browser tests (static build)",
    command: "npx",
    args: ["playwright", "test", "-c", "playwright.static.config.ts"],
    report: { path: "test-results/e2e-static.json", counts: playwrightCounts },
  },
];

// The type check, formatting and lint side by side, then the unit tests.
const fastStages: (Stage | Stage[])[] = [
  typecheckAndLint,
  {
    name: "Unit tests",
    command: "npx",
    // Two files at a time: the unit tests keep the CPU busy (vitest.config.ts allows four for the waiting integration tests).
    args: [
      "vitest",
      "run",
      "--project=unit",
      "--maxWorkers=2",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/unit.json",
    ],
    report: { path: "test-results/unit.json", counts: vitestCounts },
  },
];
const run: (Stage | Stage[])[] = FAST ? fastStages : stages;

const envOf = (stage: Stage) => ({ ...process.env, ...stage.env, FORCE_COLOR: "1" });
const outcomeOf = (stage: Stage, exit: number | string): StageOutcome => ({
  name: stage.name,
  exit,
  ...(stage.report ? { report: readReport(stage.report.path, stage.report.counts) } : {}),
});

/** One stage with its output on the terminal as it comes. */
function runAlone(stage: Stage): StageOutcome {
  console.log(`\n▶ ${stage.name}: ${stage.command} ${stage.args.join(" ")}`);
  const result = spawnSync(stage.command, stage.args, { stdio: "inherit", env: envOf(stage) });
  return outcomeOf(stage, result.status ?? result.signal ?? "unknown");
}

/** Stages side by side; each one's output is held and printed whole when all have ended. */
async function runTogether(list: Stage[]): Promise<StageOutcome[]> {
  const finished = await Promise.all(
    list.map(
      (stage) =>
        new Promise<{ stage: Stage; exit: number | string; output: string }>((resolve) => {
          const child = spawn(stage.command, stage.args, { env: envOf(stage) });
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.on("close", (code, signal) => resolve({ stage, exit: code ?? signal ?? "unknown", output }));
        }),
    ),
  );
  return finished.map(({ stage, exit, output }) => {
    console.log(`\n▶ ${stage.name}: ${stage.command} ${stage.args.join(" ")}\n${output.trimEnd()}`);
    return outcomeOf(stage, exit);
  });
}

spawnSync("rm", ["-rf", "test-results"]);
const outcomes: StageOutcome[] = [];
for (const step of run) {
  const stepStarted = Date.now();
  const results = Array.isArray(step) ? await runTogether(step) : [runAlone(step)];
  // Each stage's share of the budget (README: npm test within seven minutes here).
  console.log(`\n⏱ ${results.map((r) => r.name).join(" and ")}: ${Math.round((Date.now() - stepStarted) / 1000)} s`);
  outcomes.push(...results);
  const failed = results.find((outcome) => outcome.exit !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.name} failed (exit ${failed.exit}).`);
    break;
  }
}

const summary = summarise(outcomes);
const notRun = run
  .flat()
  .map((stage) => stage.name)
  .filter((name) => !outcomes.some((outcome) => outcome.name === name));
console.log(
  `\nnpm ${FAST ? "run test:fast" : "test"} took ${FAST ? `${((Date.now() - started) / 1000).toFixed(0)} s` : `${((Date.now() - started) / 60_000).toFixed(1)} min`}.`,
);
for (const line of closingLines(summary, notRun)) console.log(line);
process.exit(summary.failed > 0 || notRun.length > 0 ? 1 : 0);
