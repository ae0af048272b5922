/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Written by vite.config.ts: "static" in `npm run build:static`, else "server". */
  readonly BLUEBERRY_BUILD_TARGET?: string;
  /** Written by vite.config.ts: the day the build counts as today, YYYY-MM-DD (common/build-date.ts). */
  readonly BLUEBERRY_BUILD_DATE: string;
  /** Written by vite.config.ts in the static build: the validated public identifiers (JSON). */
  readonly BLUEBERRY_PUBLIC_CONFIG?: import("./forms/static-submit/public-config.ts").PublicConfig;
}

/** Written by scripts/build/vite-photos.ts: each photograph the content names, sized and encoded. */
declare module "virtual:blueberry-photos" {
  const photos: import("./content/photo-index.ts").PhotoIndex;
  export default photos;
}
