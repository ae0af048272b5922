/**
 * The folder READMEs stay true to their folders, and the decision records to their index.
 *
 * Code folders: the ones listed in REQUIRED (each must have a README.md, so a missing one
 * fails), plus any folder under app/, server/, common/, scripts/ and tests/ that has a
 * README.md. Content data (app/content and its subfolders) and public/ are not code
 * folders: editors add files there without a README line.
 *
 * - Every source file directly in a code folder is named in its README, in backticks,
 *   alone (`csp.ts`) or at the end of a path (`server/csp.ts`). A source file is code or
 *   configuration a person reads to follow the folder: .ts, .tsx, .mts, .cts, .js, .mjs,
 *   .cjs, .css, .sh, .conf, .yaml, .yml, and a Dockerfile. Not .sql (a migration folder's
 *   README states the rule its files follow), nor data, pictures or anything git ignores.
 * - Every repository path a code folder's README or app/content/README.md names in
 *   backticks exists, read from the README's folder or from the repository's root. A path
 *   is a backticked run of letters, digits, `.`, `_`, `-` and `/` that contains a slash and
 *   ends in one, ends in a file extension or starts with a folder that exists; or a bare
 *   file name with a source or document extension. Not a path: an absolute URL path
 *   (`/about`), anything with a placeholder (`<slug>`, `…`, `*`), a path under an
 *   environment variable (`BUILD_DIR/…`), and what git ignores (`build/`, `data/`: made by
 *   the build or at run time).
 * - docs/decisions/README.md lists every record with the status on the record's own third
 *   line (`Date: … · Status: …`), and an "amends" is answered by an "amended by".
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** A top-level folder and the folders in it a newcomer opens first. */
const under = (top: string, inside: string[]) => [top, ...inside.map((name) => `${top}/${name}`)];
/** The folders that must have a README. */
const REQUIRED = [
  ...under("app", ["routes", "components", "forms", "lib", "styles"]),
  ...under("server", ["mail", "submissions", "cli"]),
  ...under("common", []),
  ...under("scripts", ["build", "build/photos", "bench", "art", "test"]),
  ...under("tests", ["unit", "integration", "e2e", "e2e-static", "support"]),
  ...under("deploy", []),
];
/** Where a README makes a folder a code folder too. */
const CODE_ROOTS = ["app", "server", "common", "scripts", "tests"];
/** Content data: its README's paths are checked, its files are not. */
const CONTENT = "app/content";

const SOURCE = /\.(tsx?|mts|cts|m?js|cjs|css|sh|conf|ya?ml)$/;
const isSource = (name: string) => SOURCE.test(name) || name === "Dockerfile";
/** A bare name (no slash) counts as a path only with one of these extensions. */
const NAMED_FILE = /\.(tsx?|mts|cts|m?js|cjs|css|sh|conf|ya?ml|json|md|sql)$/;

// ── What git ignores (.gitignore's patterns: enough of the syntax for the ones we have) ──

const ignorePatterns = readFileSync(join(ROOT, ".gitignore"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
  .map((line) => {
    const pattern = line.replace(/^\/|\/$/g, "");
    const glob = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
    // A slash at the start or in the middle anchors a pattern to the root (`/build/`).
    return { anchored: line.startsWith("/") || pattern.includes("/"), folderOnly: line.endsWith("/"), glob };
  });

/** Whether git ignores `path` (relative to the root). */
function ignored(path: string): boolean {
  // A folder-only pattern (`build-*/`) matches a folder, never a file (`build-target.ts`);
  // a last part without a slash counts as a folder unless it has an extension (a README
  // writes `tests/.tmp` for the folder).
  const parts = path.replace(/\/$/, "").split("/");
  const lastIsFile =
    !path.endsWith("/") && /\.[A-Za-z0-9]+$/.test(parts.at(-1) ?? "") && !parts.at(-1)?.startsWith(".");
  return parts.some((part, i) => {
    const prefix = parts.slice(0, i + 1).join("/");
    return ignorePatterns.some((p) => {
      if (p.folderOnly && lastIsFile && i === parts.length - 1) return false;
      return p.anchored ? p.glob.test(prefix) : p.glob.test(part);
    });
  });
}

// ── The folders ──

const readmeOf = (folder: string) => join(ROOT, folder, "README.md");

function foldersWithReadme(folder: string): string[] {
  if (folder === CONTENT || ignored(`${folder}/`)) return [];
  const below = readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "node_modules")
    .flatMap((entry) => foldersWithReadme(`${folder}/${entry.name}`));
  return existsSync(readmeOf(folder)) ? [folder, ...below] : below;
}

const codeFolders = [...new Set([...REQUIRED, ...CODE_ROOTS.flatMap(foldersWithReadme)])].sort();

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name) && !ignored(`${folder}/${entry.name}`))
    .map((entry) => entry.name)
    .sort();
}

// ── What a README names ──

/** Inline code spans outside fenced blocks (a ``double`` span is code, never a path). */
function backticked(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/``.*?``/g, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
}

/** The repository path a backticked span names, or null when it names none. */
function pathIn(span: string, folder: string): string | null {
  if (!/^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/.test(span) || span.includes("..")) return null;
  if (!span.includes("/")) return NAMED_FILE.test(span) ? span : null;
  const first = span.split("/")[0] ?? "";
  if (/^[A-Z][A-Z0-9_]*$/.test(first)) return null; // BUILD_DIR/settings.json
  const looksLikePath =
    span.endsWith("/") ||
    /\.[A-Za-z0-9]+$/.test(span) ||
    existsSync(join(ROOT, folder, first)) ||
    existsSync(join(ROOT, first));
  return looksLikePath ? span : null;
}

/** Where a path named in `folder`'s README is: the folder first, then the root. */
function resolved(path: string, folder: string): string | null {
  for (const base of [folder, "."]) {
    const full = join(ROOT, base, path);
    if (existsSync(full) && (!path.endsWith("/") || statSync(full).isDirectory())) return full;
  }
  return null;
}

function missingPaths(folder: string): string[] {
  const readme = readFileSync(readmeOf(folder), "utf8");
  return [...new Set(backticked(readme))]
    .map((span) => pathIn(span, folder))
    .filter((path): path is string => path !== null)
    .filter((path) => !ignored(path) && !ignored(relative(ROOT, join(ROOT, folder, path))))
    .filter((path) => resolved(path, folder) === null);
}

describe("folder READMEs", () => {
  it("every required folder has one", () => {
    expect(REQUIRED.filter((folder) => !existsSync(readmeOf(folder)))).toEqual([]);
  });

  it.each(codeFolders)("%s/README.md names every source file in the folder", (folder) => {
    const spans = backticked(readFileSync(readmeOf(folder), "utf8"));
    const named = (file: string) => spans.some((span) => span === file || span.endsWith(`/${file}`));
    expect(sourceFiles(folder).filter((file) => !named(file))).toEqual([]);
  });

  it.each([...codeFolders, CONTENT])("%s/README.md names no path that does not exist", (folder) => {
    expect(missingPaths(folder)).toEqual([]);
  });

  it("the check sees a missing path, a folder that is not there, and a file left out", () => {
    expect(pathIn("config/", CONTENT)).toBe("config/");
    expect(resolved("config/", CONTENT)).toBeNull();
    expect(pathIn("server/no-such-file.ts", "server")).toBe("server/no-such-file.ts");
    expect(resolved("server/no-such-file.ts", "server")).toBeNull();
    expect(resolved("csp.ts", "server")).not.toBeNull();
    expect(resolved("mail/delivery.ts", "server")).not.toBeNull();
    for (const notAPath of ["/about", "text/html", "BUILD_DIR/settings.json", "case-studies/<slug>.ts", "0.9×"])
      expect(pathIn(notAPath, CONTENT)).toBeNull();
    expect(ignored("app/styles/generated/")).toBe(true);
    expect(ignored("data/outbox/")).toBe(true);
    expect(ignored("deploy/.env")).toBe(true);
    expect(ignored("server/app.ts")).toBe(false);
    expect(ignored("common/build-target.ts"), "a file named like an ignored folder").toBe(false);
    expect(ignored("build/client/")).toBe(true);
    expect(ignored("scripts/build/"), "a folder named like an ignored one at the root").toBe(false);
    expect(sourceFiles("server")).toContain("csp.ts");
  });
});

// ── Decision records ──

const DECISIONS = "docs/decisions";
const STATUS = /^(accepted(; (amends|amended by) \d{4}(, \d{4})*)?|superseded by \d{4})$/;

describe("decision records", () => {
  const files = readdirSync(join(ROOT, DECISIONS))
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort();
  const statusOf = new Map(
    files.map((name) => {
      const third = readFileSync(join(ROOT, DECISIONS, name), "utf8").split("\n")[2] ?? "";
      return [name.slice(0, 4), /^Date: \d{4}-\d{2}-\d{2} · Status: (.+)$/.exec(third)?.[1] ?? ""];
    }),
  );
  const index = readFileSync(join(ROOT, DECISIONS, "README.md"), "utf8");

  it.each(files)("%s has a status line and is in the index with that status", (name) => {
    const status = statusOf.get(name.slice(0, 4)) ?? "";
    expect(status).toMatch(STATUS);
    const line = index.split("\n").find((l) => l.startsWith(`- [${name.slice(0, 4)}](${name})`));
    expect(line).toContain(`(${status})`);
  });

  it("a record that amends another is named in that one's status, and the other way round", () => {
    const links = [...statusOf].flatMap(([number, status]) =>
      [...status.matchAll(/(amends|amended by|superseded by) ((?:\d{4}(?:, )?)+)/g)].flatMap((match) =>
        (match[2] ?? "").split(", ").map((other) => ({ number, how: match[1], other })),
      ),
    );
    // A superseded record's successor says nothing of it in its status; it must exist.
    const answer = (how: string) => (how === "amends" ? "amended by" : "amends");
    const unanswered = links.filter(({ number, how, other }) =>
      how === "superseded by"
        ? !statusOf.has(other)
        : !new RegExp(`${answer(how ?? "")} (\\d{4}, )*${number}\\b`).test(statusOf.get(other) ?? ""),
    );
    expect(unanswered).toEqual([]);
  });

  it("every record file is listed once", () => {
    const listed = [...index.matchAll(/^- \[(\d{4})\]\(([^)]+)\)/gm)].map((match) => match[2]);
    expect(listed).toEqual(files);
  });
});
