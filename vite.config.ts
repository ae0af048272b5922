import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { readBuildDate } from "./common/build-date.ts";
import { buildTargetFromEnv } from "./common/build-target.ts";
import { type PublicConfig, readPublicConfig } from "./app/forms/static-submit/public-config.ts";
import { staticBuildEnv } from "./scripts/build/static-build.ts";
import { interFonts } from "./scripts/build/vite-fonts.ts";
import { photos } from "./scripts/build/vite-photos.ts";
import { dropServerActions } from "./scripts/build/vite-static-build.ts";

export default defineConfig(() => {
  const target = buildTargetFromEnv(process.env);
  // The static build's public identifiers, from the environment or a .env file; a missing
  // or malformed one stops the build here, named (decision 0006).
  const publicConfig: PublicConfig | null = target === "static" ? readPublicConfig(staticBuildEnv()) : null;
  if (publicConfig?.PUBLIC_TEST_EMAILJS_ORIGIN || publicConfig?.PUBLIC_TEST_STORAGE_EMULATOR) {
    console.warn("Static build for tests: the forms send to local stand-ins, not to EmailJS and Firebase.");
  }
  return {
    plugins: [
      interFonts(fileURLToPath(new URL(".", import.meta.url))),
      photos(fileURLToPath(new URL(".", import.meta.url))),
      ...(target === "static" ? [dropServerActions(fileURLToPath(new URL("./app/routes/", import.meta.url)))] : []),
      reactRouter(),
    ],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    // Only what app/build-target.ts, the content catalog and the static submit path read;
    // nothing else of the environment reaches the bundle.
    envPrefix: "BLUEBERRY_NEVER_",
    define: {
      "import.meta.env.BLUEBERRY_BUILD_TARGET": JSON.stringify(target),
      // A malformed BUILD_DATE stops the build here, named.
      "import.meta.env.BLUEBERRY_BUILD_DATE": JSON.stringify(readBuildDate(process.env)),
      "import.meta.env.BLUEBERRY_PUBLIC_CONFIG": JSON.stringify(publicConfig),
    },
    build: {
      // No data: URIs; every asset is a cacheable, hashed file (and CSP stays simple).
      assetsInlineLimit: 0,
    },
  };
});
