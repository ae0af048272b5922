/**
 * A copy of this project in the system's temp folder, for tests that change its content and
 * run the real build there (photographs, the browser editor): the working files as they are
 * now (uncommitted changes too), with this checkout's node_modules linked, not copied. The
 * photo pipeline's cache is inside node_modules, so a copy's build reuses what was encoded.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { ROOT } from "./processes.ts";

/** Not copied: installed or built things, and other tests' scratch. */
const SKIP = new Set(["node_modules", ".git", "build", "tests/.tmp", "test-results", "data", "screenshots"]);
const SKIP_PREFIX = ["build-", "playwright-report", ".react-router", "app/styles/generated"];

/** Copies the project to a new folder named `blueberry-<name>-…`; the test removes it (removeDir). */
export function copyProject(name: string): string {
  // Outside the project (which cannot be copied into itself).
  const project = mkdtempSync(join(tmpdir(), `blueberry-${name}-`));
  cpSync(ROOT, project, {
    recursive: true,
    filter: (src) => {
      const path = relative(ROOT, src).split(sep).join("/");
      return !SKIP.has(path) && !SKIP_PREFIX.some((prefix) => path.startsWith(prefix));
    },
  });
  symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"));
  return project;
}

/** Replaces text in one of the copy's files; fails when the text is no longer there. */
export function editFile(project: string, file: string, from: string, to: string): void {
  const path = join(project, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}`);
  writeFileSync(path, text.replace(from, to));
}

/** Runs a command to its end; its output (stdout and stderr), or an error carrying it. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

/** The server build of the copy (`npm run build`, into its build/), with these settings besides the tests' own. */
export function buildCopy(project: string, settings: Record<string, string> = {}): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR: "build", FORCE_COLOR: "0", ...settings };
  delete env.BUILD_TARGET;
  return run("npm", ["run", "build"], project, env);
}
