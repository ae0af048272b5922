/**
 * The static build's one change to the route modules (decision 0006): each form route's
 * server action is a single line, `export { xAction as action } from "….server.ts"`, and
 * this plugin leaves that line out, because React Router refuses a server `action` in a
 * build without a server. A route that declares an action any other way stops the build,
 * so an action can never slip into the static build unnoticed.
 */
import type { Plugin } from "vite";

const ACTION_LINE = /^export \{ (?:\w+ as )?action \} from "[^"]+\.server\.ts";\n/m;
const OTHER_ACTION = /^export (?:async )?(?:function|const|let) action\b|^export \{[^}]*\baction\b[^}]*\}/m;

export function dropServerActions(routesDir: string): Plugin {
  return {
    name: "blueberry:static-build-drops-server-actions",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(routesDir)) return null;
      const without = code.replace(ACTION_LINE, "");
      if (OTHER_ACTION.test(without)) {
        throw new Error(
          `${id}: in the static build a route's server action must be one line, ` +
            '`export { xAction as action } from "….server.ts";` (see scripts/build/vite-static-build.ts).',
        );
      }
      return without === code ? null : { code: without, map: null };
    },
  };
}
