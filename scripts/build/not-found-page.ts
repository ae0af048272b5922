/**
 * The server build's 'Not Found...' page as a file, 404.html: rendered once here through
 * the built app, as the server would render it, so that an unknown path costs the server
 * (and nginx) a file, not a render (docs/decisions/0033). The page depends on nothing in
 * the address (app/routes/not-found.tsx), so one file answers every unknown path.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { NOT_FOUND_FILE } from "../../server/static-files.ts";

/** A path only the catch-all route matches. */
const SOME_UNKNOWN_PATH = "/404";

export async function writeNotFoundPage(buildDir: string): Promise<void> {
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  // No nonce in the context: as when prerendering, the page's inline scripts are allowed by
  // their hashes (postbuild adds its policy like every page's).
  const response = await handle(new Request(`http://localhost${SOME_UNKNOWN_PATH}`), new RouterContextProvider());
  const html = await response.text();
  if (response.status !== 404 || !html.includes("Not Found..."))
    throw new Error(
      `postbuild: the 'Not Found...' page rendered with status ${response.status}:\n${html.slice(0, 500)}`,
    );
  writeFileSync(join(buildDir, "client", NOT_FOUND_FILE.slice(1)), html);
}
