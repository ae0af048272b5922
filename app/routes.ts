/**
 * The route table, read from the list of pages (app/pages.ts), the server build's own
 * routes, and the 'Not Found...' screen.
 */
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { buildTargetFromEnv } from "../common/build-target.ts";
import { PAGES, SERVER_ONLY_ROUTES } from "./pages.ts";

// Read when React Router loads this file for a build (decision 0006): the static build has no store.
const serverOnly = buildTargetFromEnv(process.env) === "server" ? SERVER_ONLY_ROUTES : [];

export default [
  ...PAGES.map(({ path, file, id }) => (path === "/" ? index(file) : route(path.slice(1), file, id ? { id } : {}))),
  ...serverOnly.map(({ path, file }) => route(path.slice(1), file)),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
