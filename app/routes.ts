/** The route table, read from the list of pages (app/pages.ts), and the 'Not Found...' screen. */
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { PAGES } from "./pages.ts";

export default [
  ...PAGES.map(({ path, file, id }) => (path === "/" ? index(file) : route(path.slice(1), file, id ? { id } : {}))),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
