import { data, Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { CaseStudyCard } from "~/components/case-study-card.tsx";
import { content } from "~/content/catalog.server.ts";
import { toCard } from "~/content/reading-time.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import { loadOrNotFound } from "~/lib/static-not-found.ts";
import type { Route } from "./+types/case-studies";

/** The path of the list narrowed to one service (app/pages.ts), or of the whole list. */
const caseStudiesPath = (serviceId?: string) => (serviceId ? `/casestudies/service/${serviceId}` : "/casestudies");

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { service, crumbs } = loaderData;
  return pageMetaWithTrail(matches, crumbs, {
    title: service ? `${service.title} Case Studies` : "Case Studies",
    description: service
      ? `${service.title} projects we have delivered, each with its measured result: ${service.cardSummary}`
      : "How we verified PCIe and HEVC IP, closed timing at 7 nm, built FPGA radar pipelines, firmware, boards and edge AI for customers worldwide.",
  });
}

/** The whole list at /casestudies; one service's studies at /casestudies/service/:id. */
export function loader({ params }: Route.LoaderArgs) {
  const serviceId = params.id;
  const service = serviceId === undefined ? undefined : content.services.find((s) => s.id === serviceId);
  if (serviceId !== undefined && !service) throw data(null, { status: 404, statusText: "Not Found" });
  const studies = content.caseStudies.filter((c) => !service || c.service === service.id).map(toCard);
  const crumbs = service
    ? trailTo(SECTION_CRUMBS.caseStudies, { name: service.title, path: caseStudiesPath(service.id) })
    : trailTo(SECTION_CRUMBS.caseStudies);
  // The filter offers the services that have studies, in the menu's order.
  const filters = content.services
    .map((s) => ({ id: s.id, title: s.title, count: content.caseStudies.filter((c) => c.service === s.id).length }))
    .filter((f) => f.count > 0);
  return {
    service: service && { id: service.id, title: service.title, cardSummary: service.cardSummary },
    studies,
    crumbs,
    filters,
    total: content.caseStudies.length,
  };
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadOrNotFound(args);
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { service, studies, crumbs, filters, total } = loaderData;
  return (
    <>
      <Banner
        title={service ? `${service.title} Case Studies` : "Case Studies"}
        eyebrow="Our work"
        tagline={
          service
            ? service.cardSummary
            : "Silicon, FPGA, firmware, boards and machine learning: projects we have delivered, told by the engineers who did them."
        }
        art="case-studies"
        crumbs={crumbs}
      />
      <section
        className="section section--tint"
        aria-label={service ? `Every ${service.title} case study` : "All case studies"}
      >
        <div className="container">
          {/* Plain links to prerendered pages: the filter works without JavaScript and on any host. */}
          <nav className="case-filter" aria-label="Case studies by service">
            <ul>
              <li>
                <Link to={caseStudiesPath()} aria-current={service ? undefined : "page"} preventScrollReset>
                  All <span className="case-filter__count">{total}</span>
                </Link>
              </li>
              {filters.map((f) => (
                <li key={f.id}>
                  <Link
                    to={caseStudiesPath(f.id)}
                    aria-current={service?.id === f.id ? "page" : undefined}
                    preventScrollReset
                  >
                    {f.title} <span className="case-filter__count">{f.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {studies.length === 0 && (
            <p className="lead">
              No case study of this service is published yet. <Link to={caseStudiesPath()}>See all case studies</Link>.
            </p>
          )}
          <ul
            className={
              service ? "grid grid--3 card-list case-grid" : "grid grid--3 card-list case-grid case-grid--lead"
            }
          >
            {/* On a phone the first card's picture is the largest thing on the first screen. Each card
                renders when near: the cards a phone cannot see yet keep their pictures off the slow link. */}
            {studies.map((study, index) => (
              <li key={study.slug} className="render-when-near">
                <CaseStudyCard study={study} headingLevel={2} priority={index === 0} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ClosingCta band="project" after="tint" />
    </>
  );
}
