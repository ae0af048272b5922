import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  closingLines,
  playwrightCounts,
  readReport,
  type StageOutcome,
  summarise,
  vitestCounts,
} from "../../scripts/test/test-summary.ts";

const unitPassed: StageOutcome = {
  name: "Unit and integration tests",
  exit: 0,
  report: { passed: 451, failed: 0, skipped: 2 },
};
const built: StageOutcome = { name: "Build", exit: 0 };

describe("the closing line of npm test", () => {
  it("adds up the test cases of every report when every stage passed", () => {
    const summary = summarise([
      built,
      unitPassed,
      { name: "Browser tests", exit: 0, report: { passed: 120, failed: 0, skipped: 1 } },
    ]);
    expect(closingLines(summary)).toEqual(["571 passed, 0 failed, 3 skipped"]);
  });

  it("counts failed test cases from the report, without counting their stage again", () => {
    const summary = summarise([
      built,
      { name: "Unit and integration tests", exit: 1, report: { passed: 449, failed: 2, skipped: 0 } },
    ]);
    expect(summary.failed).toBe(2);
    expect(summary.problems).toEqual([]);
  });

  // What happened once: port 3100 was taken, Playwright never started a test, and the
  // closing line read "451 passed, 0 failed".
  it.each<[string, StageOutcome, RegExp]>([
    [
      "exits non-zero and wrote no report",
      { name: "Browser tests", exit: 1, report: null },
      /^Browser tests wrote no report \(exit 1\)$/,
    ],
    [
      "exits non-zero with a report of no failed test (its web server could not start)",
      { name: "Browser tests", exit: 1, report: { passed: 0, failed: 0, skipped: 0 } },
      /^Browser tests failed with no failed test in its report \(exit 1\)$/,
    ],
    [
      "is killed by a signal with no report",
      { name: "Browser tests", exit: "SIGKILL", report: null },
      /^Browser tests wrote no report \(ended by SIGKILL\)$/,
    ],
    [
      "exits 0 but ran no test",
      { name: "Browser tests", exit: 0, report: { passed: 0, failed: 0, skipped: 0 } },
      /^Browser tests ran no test \(exit 0\)$/,
    ],
    [
      "exits 0 but wrote no report",
      { name: "Browser tests", exit: 0, report: null },
      /^Browser tests wrote no report \(exit 0\)$/,
    ],
    ["is a stage without tests that failed (lint)", { name: "Lint", exit: 2 }, /^Lint failed \(exit 2\)$/],
  ])("a stage that %s counts as one failure, named", (_, stage, problem) => {
    const summary = summarise([built, unitPassed, stage]);
    expect(summary.failed).toBe(1);
    expect(summary.problems).toHaveLength(1);
    expect(summary.problems[0]).toMatch(problem);
    const lines = closingLines(summary);
    expect(lines.at(-1)).toBe("451 passed, 1 failed, 2 skipped");
    expect(lines[0]).toContain(stage.name);
  });

  it("names the stages that never ran after a failure", () => {
    const summary = summarise([{ name: "Type check", exit: 2 }]);
    expect(closingLines(summary, ["Lint", "Build"])).toEqual([
      "✗ counted as 1 failed: Type check failed (exit 2)",
      "Not run: Lint, Build.",
      "0 passed, 1 failed, 0 skipped",
    ]);
  });
});

describe("reading the runners' reports", () => {
  const dir = mkdtempSync(join(tmpdir(), "blueberry-test-summary-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("counts a vitest report: pending and todo are skipped", () => {
    expect(
      vitestCounts({ numPassedTests: 10, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1, numTotalTests: 14 }),
    ).toEqual({ passed: 10, failed: 1, skipped: 3 });
  });

  it("counts a Playwright report: a flaky test is a failure", () => {
    expect(playwrightCounts({ stats: { expected: 7, unexpected: 1, flaky: 1, skipped: 2 } })).toEqual({
      passed: 7,
      failed: 2,
      skipped: 2,
    });
    expect(playwrightCounts({})).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });

  it("gives null for a missing report and for one that is not JSON (cut off mid-write)", () => {
    expect(readReport(join(dir, "missing.json"), playwrightCounts)).toBeNull();
    writeFileSync(join(dir, "cut.json"), '{"stats": {"expected": 3');
    expect(readReport(join(dir, "cut.json"), playwrightCounts)).toBeNull();
    writeFileSync(
      join(dir, "e2e.json"),
      JSON.stringify({ stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 } }),
    );
    expect(readReport(join(dir, "e2e.json"), playwrightCounts)).toEqual({ passed: 3, failed: 0, skipped: 0 });
  });
});
