/**
 * /services: the six services on one page, where the breadcrumbs' "Services" and the
 * footer lead (decision 0046). Not in the specification's route table.
 */
import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { ServiceCards, toServiceCard } from "~/components/service-cards.tsx";
import { content } from "~/content/catalog.server.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/services";

const crumbs = trailTo(SECTION_CRUMBS.services);
const description =
  "Six engineering services from Bengaluru: silicon engineering, FPGA design, embedded software, hardware design, machine learning and turnkey products.";

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, { title: "Services", description });
}

export function loader() {
  return {
    intro: content.home.servicesIntro,
    services: content.services.map(toServiceCard),
  };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Banner title="Services" eyebrow="What we do" tagline={loaderData.intro} art="services" crumbs={crumbs} />
      <section className="section section--tint" aria-label="Our Services">
        <div className="container">
          <ServiceCards services={loaderData.services} headingLevel={2} firstOnScreen />
        </div>
      </section>
      <ClosingCta band="project" after="tint" />
    </>
  );
}
