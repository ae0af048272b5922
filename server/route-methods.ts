/**
 * Which HTTP methods a path answers, read from the route table React Router built: GET,
 * HEAD and OPTIONS everywhere, POST where the matching route has an action (the forms).
 * A page's own URL is decided here, before a `Request` is made or React Router runs: 405
 * with `Allow`, quietly: a visitor's mistake or a scanner is not an error of ours.
 *
 * A path only the catch-all route matches is either an unknown page or one of React
 * Router's own data URLs (how its browser side fetches and posts); telling those apart is
 * React Router's business, so such a path is left to it (`null`): it answers a POST to a
 * route without an action with 405 itself (logged by nobody: app/entry.server.tsx).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What every path allows, and what a path React Router has to place allows at least. */
export const ALWAYS_ALLOWED = ["GET", "HEAD", "OPTIONS"] as const;
const WITH_ACTION = [...ALWAYS_ALLOWED, "POST"] as const;

/** A lookup from a URL path to the methods it allows, or null where React Router decides. */
export type AllowedMethods = (pathname: string) => readonly string[] | null;

/** Answers remembered per path: matchRoutes ranks the whole route table on every call. */
const REMEMBERED_PATHS = 512;

export function allowedMethods(build: ServerBuild): AllowedMethods {
  const routes = routeTree(build);
  const remembered = new Map<string, readonly string[] | null>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const leaf = matchRoutes(routes, pathname)?.at(-1);
    const hasAction = Boolean(leaf && build.routes[leaf.route.id ?? ""]?.module.action);
    const allowed = !leaf || leaf.route.path === "*" ? null : hasAction ? WITH_ACTION : ALWAYS_ALLOWED;
    // Any path a client makes up is asked once or twice: forget them all rather than grow.
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, allowed);
    return allowed;
  };
}

/** The manifest's flat list (each route names its parent) as the nested routes matchRoutes takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route) =>
        route?.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : {
              id: route?.id,
              path: route?.path,
              caseSensitive: route?.caseSensitive,
              children: childrenOf(route?.id),
            },
      );
  return childrenOf(undefined);
}
