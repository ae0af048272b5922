/**
 * The build-time settings (SITE_URL, the retention periods) for the loaders, validated once
 * per process by common/settings.ts: when prerendering, the build's environment; in the
 * server, its own, which server/env.ts holds to the retention periods the build recorded.
 */
import { type BuildSettings, readBuildSettings } from "../../common/settings.ts";

let settings: BuildSettings | undefined;

export function buildSettings(): BuildSettings {
  settings ??= readBuildSettings(process.env);
  return settings;
}
