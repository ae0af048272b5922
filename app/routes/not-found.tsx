/**
 * Any path no other route matches: the 'Not Found...' screen. Both builds make it a file,
 * 404.html, which the server, nginx and static hosts send with status 404; the server build
 * renders it with status 404 (entry.server.tsx) only for a post or a route's data.
 */
import { NotFound } from "~/components/not-found.tsx";
import { site } from "~/content/site.ts";

export { notFoundAction as action } from "~/lib/not-found.server.ts";

/**
 * The same for every path: the server build answers unknown paths with one file made from
 * this page (scripts/build/not-found-page.ts), so nothing here may depend on the address. An
 * unknown page has no canonical URL to name.
 */
export function meta() {
  return [
    { title: `Not Found... | ${site.name}` },
    { name: "description", content: site.description },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
