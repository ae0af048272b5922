// Lint rules for the whole repo (npm run lint, part of npm test).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
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
  // One-way imports (common/README.md, docs/decisions/0015): server/ → common/ ← app/.
  oneWayImports(["app/**"], ["**/server/**"], "app/ never imports server/: what both need lives in common/."),
  oneWayImports(
    ["server/**", "scripts/submissions.ts"],
    ["**/app/**", "~/*"],
    "server/ runs unbundled and loads the built app: import common/, never app/ or ~/.",
  ),
  oneWayImports(
    ["common/**"],
    ["**/app/**", "**/server/**", "~/*"],
    "common/ is imported by both sides: packages and its own files only.",
  ),
);

/** Forbids `files` to import modules matching `patterns`, with `message` as the reason. */
function oneWayImports(files, patterns, message) {
  return {
    files,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }],
    },
  };
}
