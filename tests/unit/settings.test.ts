/**
 * The build-time settings (SITE_URL, the retention periods): one schema for the build,
 * the server and the purge, with defaults, a record the build leaves beside the site,
 * and the message that names a disagreement.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, DEFAULT_SITE_URL } from "../../common/defaults.ts";
import {
  BUILD_SETTINGS_FILE,
  buildSettingsOf,
  readBuildSettings,
  readBuiltSettings,
  retentionMismatches,
  SettingsError,
  writeBuildSettings,
} from "../../common/settings.ts";
import { readEnv } from "../../server/env.ts";

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "settings-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("build settings", () => {
  it("default to the public address and 365 / 180 days, so a build needs no variable", () => {
    expect(readBuildSettings({})).toEqual({
      siteUrl: "https://www.blueberrysemiconductors.com",
      retentionDays: { contact: 365, application: 180 },
    });
    expect(DEFAULT_SITE_URL).toBe("https://www.blueberrysemiconductors.com");
    expect(DEFAULT_RETENTION_DAYS).toEqual({ contact: 365, application: 180 });
  });

  it("treat an empty variable as unset and drop SITE_URL's trailing slashes", () => {
    expect(readBuildSettings({ SITE_URL: "", RETENTION_CONTACT_DAYS: "" }).retentionDays.contact).toBe(365);
    expect(readBuildSettings({ SITE_URL: "https://staging.example.com//" }).siteUrl).toBe(
      "https://staging.example.com",
    );
  });

  it("refuse a wrong value with a message naming the variable", () => {
    const wrong = [
      ["SITE_URL", "not a url"],
      ["SITE_URL", "ftp://example.com"],
      ["RETENTION_CONTACT_DAYS", "0"],
      ["RETENTION_CONTACT_DAYS", "thirty"],
      ["RETENTION_APPLICATION_DAYS", "-3"],
      ["RETENTION_APPLICATION_DAYS", "1.5"],
    ] as const;
    for (const [name, value] of wrong) {
      const read = () => readBuildSettings({ [name]: value });
      expect(read, `${name}=${value}`).toThrow(SettingsError);
      expect(read, `${name}=${value}`).toThrow(new RegExp(`^Invalid settings:\\n  ${name}: `));
    }
  });

  it.each([
    {},
    { SITE_URL: "https://staging.example.com/", RETENTION_CONTACT_DAYS: "30", RETENTION_APPLICATION_DAYS: "90" },
    { RETENTION_APPLICATION_DAYS: "730" },
  ])("are what the server's environment holds for the same variables: %j", (variables) => {
    expect(buildSettingsOf(readEnv(variables))).toEqual(readBuildSettings(variables));
  });
});

describe("the build's record of its settings", () => {
  it("reads back what the build wrote", () => {
    const dir = freshDir();
    const settings = readBuildSettings({ SITE_URL: "https://staging.example.com", RETENTION_APPLICATION_DAYS: "90" });
    writeBuildSettings(dir, settings);
    expect(readBuiltSettings(dir)).toEqual(settings);
  });

  it("is null for a build that recorded none, and refused when it is not a valid record", () => {
    const dir = freshDir();
    expect(readBuiltSettings(dir)).toBeNull();
    for (const broken of ["{", "null", '{"SITE_URL":"https://x.example","RETENTION_CONTACT_DAYS":0}']) {
      writeFileSync(join(dir, BUILD_SETTINGS_FILE), broken);
      expect(() => readBuiltSettings(dir), broken).toThrow(/is not a valid record of build settings; build again/);
    }
  });

  it("names each retention period that differs from the build's, with both values and what to do", () => {
    const built = readBuildSettings({});
    expect(retentionMismatches(built, readBuildSettings({ SITE_URL: "http://127.0.0.1:3000" }), "build")).toEqual([]);
    expect(retentionMismatches(built, readBuildSettings({ RETENTION_APPLICATION_DAYS: "90" }), "build")).toEqual([
      "  RETENTION_APPLICATION_DAYS: is 90, but the site in build/ was built with 180 and its privacy notice says 180 days. " +
        "Set RETENTION_APPLICATION_DAYS=180, or build again with RETENTION_APPLICATION_DAYS=90 (npm run build).",
    ]);
    const both = retentionMismatches(
      built,
      readBuildSettings({ RETENTION_CONTACT_DAYS: "30", RETENTION_APPLICATION_DAYS: "90" }),
      "build",
    );
    expect(both.map((line) => line.trim().split(":")[0])).toEqual([
      "RETENTION_CONTACT_DAYS",
      "RETENTION_APPLICATION_DAYS",
    ]);
  });
});
