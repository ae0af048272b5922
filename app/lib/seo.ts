/**
 * Page metadata: title, description, canonical URL, Open Graph and Twitter tags, and
 * JSON-LD, built the same way for every route. The site's absolute URL comes from the
 * root loader (SITE_URL at build time, common/settings.ts), so canonical links name the
 * real host.
 */
import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site.ts";

export interface Crumb {
  name: string;
  path: string;
}

export interface PageMeta {
  title: string;
  description: string;
  path: string;
  /** Absolute path of the page's social image; the site default otherwise. */
  image?: string;
  type?: "website" | "article";
  jsonLd?: object[];
}

interface RootData {
  siteUrl: string;
}

/** The site's URL from the root route's loader data, wherever meta runs. */
export function siteUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return root?.siteUrl ?? site.defaultUrl;
}

/**
 * `path` on the site at `siteUrl`, absolute. Joined as text: a path that starts with `//`
 * (an unknown page a visitor typed) stays a path on this site, where `new URL(path, base)`
 * would read it as another host, or throw.
 */
export function urlOnSite(path: string, siteUrl: string): string {
  return new URL(`${new URL(siteUrl).origin}${path.startsWith("/") ? path : `/${path}`}`).href;
}

/** The social image made for a page at build time (scripts/build/og-images.ts). */
export function ogImagePath(path: string): string {
  return `/og/${path === "/" ? "home" : path.slice(1).replaceAll("/", "--")}.png`;
}

export function pageMeta(siteUrl: string, page: PageMeta): MetaDescriptor[] {
  const title = page.path === "/" ? `${site.name} | ${page.title}` : `${page.title} | ${site.name}`;
  const url = urlOnSite(page.path, siteUrl);
  const image = urlOnSite(page.image ?? ogImagePath(page.path), siteUrl);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: page.title },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  for (const data of page.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** A breadcrumb trail from Home to a page, which is its last step. */
export type Trail = [...Crumb[], Crumb];

const HOME: Crumb = { name: "Home", path: "/" };

/** The site's sections, the steps between Home and the pages under them. */
export const SECTION_CRUMBS = {
  careers: { name: "Careers", path: "/careers" },
  caseStudies: { name: "Case Studies", path: "/casestudies" },
  services: { name: "Services", path: "/services" },
} as const satisfies Record<string, Crumb>;

/** The trail to a page: Home, then the steps, the last one the page itself. */
export function trailTo(...steps: Trail): Trail {
  return [HOME, ...steps];
}

/**
 * Meta for a page with its breadcrumb trail, after any structured data of its own. The
 * trail's last step is the page, so its path is the canonical one and the two cannot disagree.
 */
export function pageMetaWithTrail(
  matches: Parameters<typeof siteUrlFrom>[0],
  trail: readonly Crumb[],
  page: Omit<PageMeta, "path">,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  // Loader data comes back as a plain array; trailTo() made it, so it ends with the page.
  const path = trail.at(-1)?.path ?? HOME.path;
  return pageMeta(siteUrl, { ...page, path, jsonLd: [...(page.jsonLd ?? []), breadcrumbJsonLd(siteUrl, trail)] });
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: urlOnSite(crumb.path, siteUrl),
    })),
  };
}

export function organizationJsonLd(siteUrl: string): object {
  const { address } = site;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    legalName: site.legalName,
    url: siteUrl,
    logo: new URL("/icons/icon-512.png", siteUrl).href,
    description: site.description,
    foundingDate: site.foundingDate,
    email: site.email.info,
    telephone: site.phone.e164,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    sameAs: Object.values(site.social),
  };
}
