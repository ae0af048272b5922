/**
 * The document around every page: head tags, skip link, navigation bar, main, footer,
 * and the error screens ('Not Found...' for 404s, 'Unexpected Application Error!').
 */
// Written before each build by scripts/build/vite-fonts.ts: Inter for the characters the site's text uses.
import interCore from "~/styles/generated/inter-core.woff2?url";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { ClosedOpening } from "~/components/closed-opening.tsx";
import { DeferredManifest } from "~/components/deferred-manifest.tsx";
import { NotFound } from "~/components/not-found.tsx";
import { SiteFooter } from "~/components/site-footer/site-footer.tsx";
import { SiteHeader } from "~/components/site-header/site-header.tsx";
import { site } from "~/content/site.ts";
import { buildSettings } from "~/lib/build-settings.server.ts";
import { useNonce } from "~/lib/nonce.ts";
import { pageMeta, siteUrlFrom } from "~/lib/seo.ts";
import noscriptCss from "~/styles/noscript.css?url";
import type { Route } from "./+types/root";
// One stylesheet for the whole site, on purpose (performance): these imports, and the page
// files that pages.css @imports in cascade order, build into one file, so every page makes
// one render-blocking request for CSS and the browser caches it once for the whole site.
import "~/styles/generated/inter.css";
import "~/styles/tokens.css";
import "~/styles/base.css";
import "~/styles/pages.css";
// The forms' styles ride in the one root stylesheet: about 1.5 KB brotli on every page
// costs less than a second render-blocking request on the pages with a form.
import "~/components/forms/forms.css";

export const links: Route.LinksFunction = () => [
  // The one font, cut to the characters of the site's own text: small, and preloaded so
  // text never reflows late.
  { rel: "preload", href: interCore, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader() {
  // Canonical and Open Graph URLs name the public host; set SITE_URL when building.
  return { siteUrl: buildSettings().siteUrl };
}

export function meta({ error, matches, location }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    ...pageMeta(siteUrlFrom(matches), {
      title: notFound ? "Not Found..." : "Unexpected Application Error!",
      description: site.description,
      path: location.pathname,
      image: "/og/home.png",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#110d2b" />
        <Meta />
        <Links />
        <DeferredManifest />
        <noscript>
          <link rel="stylesheet" href={noscriptCss} />
        </noscript>
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * What the page shows while a route's code or data is still loading at hydration. Every
 * prerendered or server-rendered page carries its own route's code and data, so this
 * happens only to the static build's 404.html hydrating at a path of a content route
 * (`/casestudies/nope`): it must render what that HTML holds, the 'Not Found...' screen,
 * or React would discard the page with a hydration error (decision 0006).
 */
export function HydrateFallback() {
  return <NotFound />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 410) return <ClosedOpening />;
  // In production React Router replaces server errors' messages, so no internals leak.
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <Banner className="error-screen" title="Unexpected Application Error!" tagline={message} art="contact">
      {import.meta.env.DEV && error instanceof Error && error.stack && <pre>{error.stack}</pre>}
    </Banner>
  );
}
