/**
 * Any path no other route matches: the 'Not Found...' screen. The server build answers
 * it with status 404 (entry.server.tsx); the static build prerenders it as 404.html.
 */
import { NotFound } from "~/components/not-found";
import { site } from "~/content/site";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export { notFoundAction as action } from "~/lib/not-found.server";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta(siteUrlFrom(matches), {
      title: "Not Found...",
      description: site.description,
      path: location.pathname,
      image: "/og/home.png",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
