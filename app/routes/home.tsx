import { Link } from "react-router";
import { DecorativeArt } from "~/components/decorative-art.tsx";
import { MetricCounter } from "~/components/metric-counter.tsx";
import { IMAGE_SIZES } from "~/components/image-sizes.ts";
import { Picture } from "~/components/picture.tsx";
import { SectionHeading } from "~/components/section-heading.tsx";
import { content } from "~/content/catalog.server.ts";
import { organizationJsonLd, pageMeta, siteUrlFrom } from "~/lib/seo.ts";
import type { Route } from "./+types/home";

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
  const { home, metrics, partners, services } = content;
  return {
    home,
    metrics,
    partners,
    services: services.map(({ id, title, cardSummary, cardImage }) => ({ id, title, cardSummary, cardImage })),
    description:
      "Blueberry Semiconductors, Bengaluru: ASIC/SoC design and verification, physical design, DFT, FPGA, embedded software and hardware services since 2019.",
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, metrics, partners, services } = loaderData;
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
          <p className="hero__tagline">{home.heroTagline}</p>
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

      <section className="section" aria-labelledby="fuelling-title">
        <div className="container split split--media">
          <div>
            <span className="eyebrow">Who we are</span>
            <h2 id="fuelling-title">{home.fuelling.heading}</h2>
            {home.fuelling.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <Link className="button button--primary" to="/about">
              About us
            </Link>
          </div>
          <Picture image={home.fuelling.image} className="rounded-art" sizes={IMAGE_SIZES.splitHalf} />
        </div>
      </section>

      <section className="section section--dark metrics render-when-near" aria-labelledby="metrics-title">
        <div className="container">
          <SectionHeading id="metrics-title" eyebrow="By the numbers" title="BUSINESS METRICS" centered>
            {home.metricsIntro}
          </SectionHeading>
          <div className="metrics__grid">
            {metrics.map((m) => (
              <MetricCounter key={m.label} value={m.value} label={m.label} />
            ))}
          </div>
        </div>
      </section>

      <section className="section home-partners render-when-near" aria-labelledby="partners-title">
        <div className="container">
          <SectionHeading id="partners-title" eyebrow="Trusted by" title="OUR VALUABLE PARTNERS" centered>
            {home.partnersIntro}
          </SectionHeading>
          <ul className="partners">
            {partners.map((p) => (
              <li key={p.name}>
                <Picture image={p.logo} sizes={IMAGE_SIZES.partner} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint home-services render-when-near" aria-labelledby="services-title">
        <div className="container">
          <SectionHeading id="services-title" eyebrow="What we do" title="SERVICES WE OFFER" centered>
            {home.servicesIntro}
          </SectionHeading>
          <ul className="grid grid--3 card-list">
            {services.map((s) => (
              <li key={s.id} className="card service-card">
                <Picture image={s.cardImage} sizes={IMAGE_SIZES.card} />
                <div className="card__body">
                  <h3>
                    <Link to={`/services/${s.id}`} className="card__link">
                      {s.title}
                    </Link>
                  </h3>
                  <p>{s.cardSummary}</p>
                  <span className="text-link" aria-hidden="true">
                    Learn more →
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint closing-cta render-when-near" aria-labelledby="closing-title">
        <div className="container">
          <div className="closing-cta__panel on-dark">
            <div>
              <span className="eyebrow">Work with us</span>
              <h2 id="closing-title">Have a chip, a board or firmware to build?</h2>
              <p className="lead">
                Tell us where your project stands, from a first specification to silicon on the bench, and we will put
                the right engineers on it.
              </p>
            </div>
            <div className="button-row">
              <Link className="button button--accent" to="/contact">
                Start a project
              </Link>
              <Link className="button button--ghost" to="/careers/jobs">
                See openings
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
