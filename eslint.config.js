// Lint rules for the whole repo (npm run lint, part of npm test).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SCRIPTS_ARE_TOOLING =
  "scripts/ holds build, benchmark, test and art tooling: what shipped code shares with it lives in common/.";
const TESTS_ONLY_THROUGH_SUPPORT =
  "scripts/ may use test helpers only from tests/support/, which is shared on purpose.";
/** What no file under app/ imports. */
const APP_IMPORTS = [
  { group: ["**/server/**"], message: "app/ never imports server/: what both need lives in common/." },
  { group: ["**/scripts/**"], message: SCRIPTS_ARE_TOOLING },
  // One way to name a module, as server/ and common/ must (Node runs them unbundled):
  // with its extension. React Router's generated `./+types/…` and `?url` imports aside.
  {
    regex: "^(\\.{1,2}|~)/(?!.*\\+types/)(?!.*\\.[a-z0-9]+(\\?[a-z]+)?$)",
    message: "Name the file with its extension (`~/lib/seo.ts`, `./banner.tsx`), as everywhere else.",
  },
];

export default tseslint.config(
  {
    ignores: [
      // The builds at the root; scripts/build/ is source.
      "build/",
      "build-*/",
      ".react-router/",
      "public/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "screenshots/",
      "tests/.tmp/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // A function a reader can hold in view; tests may run longer (a scenario reads top to bottom).
  {
    files: ["app/**", "server/**", "common/**", "scripts/**"],
    rules: { "max-lines-per-function": ["error", { max: 150 }] },
  },
  // One-way imports (common/README.md, docs/decisions/0015): server/ → common/ ← app/, and
  // nothing that ships imports the tooling in scripts/ (build, bench, test, art). The company's
  // submissions tool ships in the app image, so it lives in server/cli/ under server/'s rules.
  restrictImports(["scripts/**"], [{ regex: "(^|/)tests/(?!support/)", message: TESTS_ONLY_THROUGH_SUPPORT }]),
  restrictImports(["app/**"], APP_IMPORTS),
  // The forms' logic sits below their UI: app/components/forms imports app/forms, never back.
  restrictImports(
    ["app/forms/**"],
    [
      ...APP_IMPORTS,
      {
        group: ["**/components/**", "~/components/*"],
        message: "app/forms/ never imports app/components/: the UI imports the forms' logic (app/forms/README.md).",
      },
    ],
  ),
  restrictImports(
    ["server/**"],
    [
      {
        group: ["**/app/**", "~/*"],
        message: "server/ runs unbundled and loads the built app: import common/, never app/ or ~/.",
      },
      { group: ["**/scripts/**"], message: SCRIPTS_ARE_TOOLING },
    ],
  ),
  restrictImports(
    ["common/**"],
    [
      {
        group: ["**/app/**", "**/server/**", "**/scripts/**", "~/*"],
        message: "common/ is imported by both sides: packages and its own files only.",
      },
    ],
  ),
);

/**
 * Forbids `files` to import modules matching each pattern group, with its message as the
 * reason. One call per set of files: a later rule for the same file replaces an earlier one.
 */
function restrictImports(files, patterns) {
  return { files, rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] } };
}
