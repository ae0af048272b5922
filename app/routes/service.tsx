import { useRef } from "react";
import { data, Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { ChevronRightIcon } from "~/components/icons.tsx";
import { PageLink } from "~/components/page-link.tsx";
import { IMAGE_SIZES } from "~/components/image-sizes.ts";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { Picture } from "~/components/picture.tsx";
import { RelatedSlider } from "~/components/related-slider.tsx";
import { content } from "~/content/catalog.server.ts";
import { imageSize } from "~/content/load.ts";
import { toCard } from "~/content/reading-time.ts";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import { loadOrNotFound } from "~/lib/static-not-found.ts";
import { useCurrentInView } from "~/lib/use-current-in-view.ts";
import type { Route } from "./+types/service";
import { BROCHURE_QUERY } from "../../common/brochure-request.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { service, crumbs } = loaderData;
  return pageMetaWithTrail(matches, crumbs, { title: service.title, description: service.metaDescription });
}

export function loader({ params }: Route.LoaderArgs) {
  const service = content.services.find((s) => s.id === params.id);
  if (!service) throw data(null, { status: 404, statusText: "Not Found" });
  const crumbs = trailTo(SECTION_CRUMBS.services, { name: service.title, path: `/services/${service.id}` });
  const brochureSrc = "/images/services/brochure.svg";
  return {
    service,
    crumbs,
    menu: content.services.map((s) => ({ id: s.id, title: s.title })),
    related: content.caseStudies.filter((c) => c.service === service.id).map(toCard),
    brochure: {
      src: brochureSrc,
      alt: "Blueberry Semiconductors engineering services brochure",
      ...imageSize("public", brochureSrc),
    },
  };
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadOrNotFound(args);
}
export default function Service({ loaderData }: Route.ComponentProps) {
  const { service, crumbs, menu, related, brochure } = loaderData;
  // The contact form fills in "Brochure request for <service>" from this (common/brochure-request.ts).
  const brochureHref = `/contact?${BROCHURE_QUERY}=${service.id}`;
  const menuStrip = useRef<HTMLUListElement>(null);
  useCurrentInView(menuStrip, service.id);
  return (
    <>
      <Banner
        title={keepTerms(service.title)}
        eyebrow="Services"
        tagline={service.cardSummary}
        art="services"
        crumbs={crumbs}
      />
      <div className="section">
        <div className="container service-layout">
          <aside className="service-aside">
            <nav aria-labelledby="service-menu-title" className="service-menu">
              <h2 id="service-menu-title" className="service-menu__title">
                Our Services
              </h2>
              <ul ref={menuStrip}>
                {menu.map((m) => (
                  <li key={m.id}>
                    <PageLink to={`/services/${m.id}`}>{m.title}</PageLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Link to={brochureHref} className="service-aside__brochure">
              <Picture image={brochure} sizes={IMAGE_SIZES.brochureAside} />
              <span>Ask for our services brochure</span>
            </Link>
          </aside>
          <article className="service-body">
            <h2 className="service-body__heading">{keepTerms(service.heading)}</h2>
            {service.intro.map((p) => (
              <p key={p} className="lead">
                {p}
              </p>
            ))}
            <Picture image={service.image} className="rounded-art service-body__image" sizes={IMAGE_SIZES.pageBody} />
            {service.offerings.map((group, i) => (
              <section key={group.heading} aria-labelledby={`offer-${i}`}>
                <h3 id={`offer-${i}`}>{keepTerms(group.heading)}</h3>
                <ul className="ticks offering-list">
                  {group.items.map((item) => (
                    <li key={item}>{keepTerms(item)}</li>
                  ))}
                </ul>
              </section>
            ))}
            {/* The side column's brochure card, in the text's flow where there is no side column. */}
            <Link to={brochureHref} className="service-brochure">
              <Picture image={brochure} className="service-brochure__image" sizes={IMAGE_SIZES.brochureCard} />
              <span className="service-brochure__text">
                <span className="service-brochure__title">Ask for our services brochure</span>
                <span>
                  {keepStrandableTerms("All six services, our tools and how we work with you, sent by e-mail.")}
                </span>
              </span>
              <ChevronRightIcon />
            </Link>
          </article>
        </div>
      </div>
      {related.length > 0 && (
        <div className="section section--tint service-related render-when-near">
          <div className="container">
            <RelatedSlider studies={related} title="Related Casestudy" />
          </div>
        </div>
      )}
      <ClosingCta band="project" after={related.length > 0 ? "tint" : "plain"} deferred />
    </>
  );
}
