/**
 * The closing line of `npm test` (scripts/test/test.ts): test cases counted from the runners'
 * JSON reports, and every stage that failed without a failing test to show for it (it
 * could not start, wrote no report, or ran no test) counted as one failure more and
 * named, so a run that did not happen never reads "N passed, 0 failed".
 */
import { existsSync, readFileSync } from "node:fs";

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** A stage of `npm test` that ran: its exit code, and for a test stage the counts of its report. */
export interface StageOutcome {
  name: string;
  /** The exit code, or the signal that ended it. */
  exit: number | string;
  /** For a test stage: its report's counts, or null when it wrote none. Absent for other stages. */
  report?: Counts | null;
}

/** Counts of a vitest JSON report (`--reporter=json`). */
export function vitestCounts(report: Record<string, number | undefined>): Counts {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Counts of a Playwright JSON report; a flaky test (passed on retry) counts as failed. */
export function playwrightCounts(report: { stats?: Record<string, number | undefined> }): Counts {
  const stats = report.stats ?? {};
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

/** The counts of the JSON report at `path`, or null when there is none (or it is not JSON). */
export function readReport<Report>(path: string, countsOf: (report: Report) => Counts): Counts | null {
  if (!existsSync(path)) return null;
  try {
    return countsOf(JSON.parse(readFileSync(path, "utf8")) as Report);
  } catch {
    return null;
  }
}

/** Why a stage counts as a failure of its own, or null when its tests speak for it. */
export function stageProblem(stage: StageOutcome): string | null {
  const exit = typeof stage.exit === "number" ? `exit ${stage.exit}` : `ended by ${stage.exit}`;
  if (stage.report === undefined) return stage.exit === 0 ? null : `${stage.name} failed (${exit})`;
  if (stage.report === null) return `${stage.name} wrote no report (${exit})`;
  const { passed, failed, skipped } = stage.report;
  if (stage.exit !== 0 && failed === 0) return `${stage.name} failed with no failed test in its report (${exit})`;
  if (passed + failed + skipped === 0) return `${stage.name} ran no test (${exit})`;
  return null;
}

export interface Summary extends Counts {
  /** One line per stage counted as a failure of its own. */
  problems: string[];
}

export function summarise(stages: StageOutcome[]): Summary {
  const summary: Summary = { passed: 0, failed: 0, skipped: 0, problems: [] };
  for (const stage of stages) {
    summary.passed += stage.report?.passed ?? 0;
    summary.failed += stage.report?.failed ?? 0;
    summary.skipped += stage.report?.skipped ?? 0;
    const problem = stageProblem(stage);
    if (problem) summary.problems.push(problem);
  }
  summary.failed += summary.problems.length;
  return summary;
}

/**
 * The last lines of `npm test`: the stages counted as failures, and "N passed, N failed,
 * N skipped" alone on the last line (CI reads that line). `notRun` names the stages that
 * never started because an earlier one failed.
 */
export function closingLines(summary: Summary, notRun: string[] = []): string[] {
  const lines = summary.problems.map((problem) => `✗ counted as 1 failed: ${problem}`);
  if (notRun.length > 0) lines.push(`Not run: ${notRun.join(", ")}.`);
  lines.push(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  return lines;
}
