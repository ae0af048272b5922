import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { photos } from "./scripts/vite-photos.ts";

export default defineConfig({
  // The content catalog imports the photographs' index (virtual:blueberry-photos).
  plugins: [photos(fileURLToPath(new URL(".", import.meta.url)))],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
  },
});
