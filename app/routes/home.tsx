import { Link } from "react-router";
import { CaseStudyCard } from "~/components/case-study-card.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { DecorativeArt } from "~/components/decorative-art.tsx";
import { MetricCounter } from "~/components/metric-counter.tsx";
import { IMAGE_SIZES } from "~/components/image-sizes.ts";
import { PageSection, SplitSection } from "~/components/page-section.tsx";
import { ServiceCards, toServiceCard } from "~/components/service-cards.tsx";
import { Picture } from "~/components/picture.tsx";
import { content } from "~/content/catalog.server.ts";
import { toCard } from "~/content/reading-time.ts";
import { organizationJsonLd, pageMeta, siteUrlFrom } from "~/lib/seo.ts";
import type { Route } from "./+types/home";
import { keepStrandableTerms } from "~/lib/keep-terms.tsx";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFrom(matches);
  return pageMeta(siteUrl, {
    title: "Semiconductor Design Services",
    description: loaderData.description,
    path: "/",
    jsonLd: [organizationJsonLd(siteUrl)],
  });
}

export function loader() {
  const { home, metrics, partners, services, caseStudies } = content;
  // The content check has made sure each featured slug names a case study.
  const featured = home.featuredCaseStudies.flatMap((slug) => caseStudies.filter((c) => c.slug === slug).map(toCard));
  return {
    home,
    featured,
    metrics,
    partners,
    services: services.map(toServiceCard),
    description:
      "Blueberry Semiconductors, Bengaluru: ASIC/SoC design and verification, physical design, DFT, FPGA, embedded software and hardware services since 2019.",
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, featured, metrics, partners, services } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <DecorativeArt className="hero__art" src="/images/hero/die-pattern.svg" width={1600} height={1000} />
        <div className="container hero__content">
          {/* Two parts that wrap as units, the dot staying with the first, never alone. */}
          <span className="eyebrow">
            <span className="nowrap">Design services partner ·</span> <span className="nowrap">Bengaluru</span>
          </span>
          <h1 id="page-title">{home.heroTitle}</h1>
          <p className="hero__tagline">{keepStrandableTerms(home.heroTagline)}</p>
          <div className="button-row">
            <Link className="button button--accent" to="/services/silicon-engineering">
              Explore services
            </Link>
            <Link className="button button--ghost" to="/careers/jobs">
              Join us
            </Link>
          </div>
        </div>
      </section>

      <PageSection
        id="work-title"
        eyebrow="Selected work"
        title="What Our Engineers Delivered"
        lead="Three projects, each with its measured outcome. Every case study tells the problem, the approach and the result."
        tone="tint"
      >
        <ul className="grid grid--3 card-list">
          {featured.map((study) => (
            <li key={study.slug}>
              <CaseStudyCard study={study} />
            </li>
          ))}
        </ul>
        <p className="section-more">
          <Link className="button button--secondary" to="/casestudies">
            See all case studies
          </Link>
        </p>
      </PageSection>

      <SplitSection
        id="fuelling-title"
        eyebrow="Who we are"
        title={home.fuelling.heading}
        body={home.fuelling.body}
        aside={<Picture image={home.fuelling.image} className="rounded-art" sizes={IMAGE_SIZES.splitHalf} />}
        align="media"
      >
        <Link className="button button--primary" to="/about">
          About us
        </Link>
      </SplitSection>

      <PageSection
        id="metrics-title"
        eyebrow="By the numbers"
        title="BUSINESS METRICS"
        lead={home.metricsIntro}
        centered
        tone="dark"
        className="metrics"
        deferred
      >
        <p className="metrics__lead">
          <span className="metrics__lead-value">{`${home.metricsLead.value}+`}</span>{" "}
          <span className="metrics__lead-label">{keepStrandableTerms(home.metricsLead.label)}</span>
        </p>
        <div className="metrics__grid">
          {metrics.map((m) => (
            <MetricCounter key={m.label} value={m.value} label={m.label} />
          ))}
        </div>
      </PageSection>

      <PageSection
        id="partners-title"
        eyebrow="Trusted by"
        title="OUR VALUABLE PARTNERS"
        lead={home.partnersIntro}
        centered
        className="home-partners"
        deferred
      >
        <ul className="partners">
          {partners.map((p) => (
            <li key={p.name}>
              <Picture image={p.logo} sizes={IMAGE_SIZES.partner} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="services-title"
        eyebrow="What we do"
        title="SERVICES WE OFFER"
        lead={home.servicesIntro}
        centered
        tone="tint"
        className="home-services"
        deferred
      >
        <ServiceCards services={services} />
      </PageSection>

      <ClosingCta band="project" after="tint" deferred />
    </>
  );
}
