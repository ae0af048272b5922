/**
 * Every prerendered page is valid HTML by the Nu Html Checker (vnu.jar from the npm
 * package, run with this machine's Java; the package's own Java download is disabled).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_DIR, ROOT } from "../support/site-server.ts";

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith(".html") ? [join(dir, e.name)] : [],
  );
}

describe("HTML validity", () => {
  it("the Nu Html Checker reports no errors on any prerendered page", () => {
    expect(spawnSync("java", ["-version"]).status, "Java is needed: apt-get install default-jre-headless").toBe(0);
    const files = htmlFiles(join(ROOT, BUILD_DIR, "client"));
    expect(files.length).toBeGreaterThanOrEqual(41);
    const jar = join(ROOT, "node_modules/vnu-jar/build/dist/vnu.jar");
    let output: string;
    try {
      output = execFileSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      // vnu exits 1 when it finds errors and writes its report to stderr.
      output = String((error as { stderr?: string }).stderr ?? "");
    }
    const report = JSON.parse(output || '{"messages":[]}') as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    };
    const errors = report.messages
      .filter((m) => m.type === "error")
      .map((m) => `${m.url.replace(/^.*\/client/, "")}: ${m.message}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
