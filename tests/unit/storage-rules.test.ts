/**
 * The shipped Firebase Storage rules and lifecycle rule say what the code says: the size
 * cap, the content types the upload sets, the folder, the object name the upload makes,
 * the ten-minute read window, and the retention the privacy notice states. (There is no
 * rules emulator here; this checks the text we deploy against the constants we run.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "../../common/defaults.ts";
import { CV_TYPES, MAX_CV_BYTES } from "../../common/limits.ts";
import { CV_FOLDER, objectNameFor, uploadContentType } from "~/forms/static-submit/firebase-upload";
import { checkCvLifecycle } from "../../scripts/build/static-build.ts";

const rules = readFileSync("firebase/storage.rules", "utf8");
const lifecycle = JSON.parse(readFileSync("firebase/cv-lifecycle.json", "utf8")) as {
  rule: Array<{ action: { type: string }; condition: { age: number; matchesPrefix: string[] } }>;
};

describe("storage rules", () => {
  it("cap the size at the CV limit, 512,000 bytes", () => {
    expect(rules).toContain(`request.resource.size <= ${MAX_CV_BYTES}`);
    expect(rules).toContain("request.resource.size > 0");
  });

  it("accept exactly the content types the upload sets", () => {
    const listed = [...(/contentType in \[([^\]]*)\]/.exec(rules)?.[1] ?? "").matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const uploaded = Object.keys(CV_TYPES).map((ext) => uploadContentType(`cv.${ext}`));
    expect(new Set(listed)).toEqual(new Set(uploaded));
  });

  it("open only the CV folder, for create and a ten-minute get; never list, update or delete", () => {
    expect(rules).toContain(`match /${CV_FOLDER}/{object}`);
    expect(rules).toMatch(/allow create: if /);
    expect(rules).toContain("allow get: if request.time < resource.timeCreated + duration.value(10, 'm');");
    expect(rules).toContain("allow list, update, delete: if false;");
    expect(rules).not.toMatch(/allow (read|write)\b(?![^;]*if false)/);
  });

  it("accept the object names the upload makes, and no others", () => {
    const pattern = new RegExp(/object\.matches\('([^']+)'\)/.exec(rules)?.[1] ?? "^$");
    for (const name of ["Asha Rao CV.pdf", "résumé (final).docx", "../../etc/passwd", "a".repeat(300) + ".txt"]) {
      const object = objectNameFor(name);
      expect(object.startsWith(`${CV_FOLDER}/`), object).toBe(true);
      expect(pattern.test(object.slice(CV_FOLDER.length + 1)), object).toBe(true);
    }
    for (const bad of ["cv.pdf", "xyz-cv.pdf", "0123456789abcdef01-../x", "0123456789abcdef01-"]) {
      expect(pattern.test(bad), bad).toBe(false);
    }
  });
});

describe("lifecycle rule", () => {
  it("deletes CVs after the applications' retention the privacy notice states", () => {
    const [rule] = lifecycle.rule;
    expect(rule?.action.type).toBe("Delete");
    expect(rule?.condition.age).toBe(DEFAULT_RETENTION_DAYS.application);
    expect(rule?.condition.matchesPrefix).toEqual([`${CV_FOLDER}/`]);
  });

  it("the static build stops when the notice's retention (RETENTION_APPLICATION_DAYS) differs from the rule", () => {
    expect(() => checkCvLifecycle({})).not.toThrow();
    expect(() => checkCvLifecycle({ RETENTION_APPLICATION_DAYS: "90" })).toThrow(
      "firebase/cv-lifecycle.json deletes CVs after 180 days, but the privacy notice says 90",
    );
  });
});
