import { Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { IMAGE_SIZES } from "~/components/image-sizes.ts";
import { Picture } from "~/components/picture.tsx";
import { SectionHeading } from "~/components/section-heading.tsx";
import { content } from "~/content/catalog.server.ts";
import { pageMetaWithTrail, type Trail } from "~/lib/seo.ts";
import type { Route } from "./+types/about";

const crumbs: Trail = [
  { name: "Home", path: "/" },
  { name: "About", path: "/about" },
];

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "About Us",
    description: loaderData.about.metaDescription,
  });
}

export function loader() {
  return { about: content.about };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <>
      <Banner
        title="About Us"
        eyebrow="Blueberry Semiconductors"
        tagline={about.bannerTagline}
        art="about"
        crumbs={crumbs}
      />

      <section className="section" aria-labelledby="intro-title">
        <div className="container split split--media">
          <div>
            <span className="eyebrow">Our story</span>
            <h2 id="intro-title">{about.introduction.heading}</h2>
            {about.introduction.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <Picture image={about.introduction.image} className="rounded-art" sizes={IMAGE_SIZES.splitHalf} />
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="model-title">
        <div className="container">
          <SectionHeading id="model-title" eyebrow="How we engage" title={about.businessModel.heading}>
            {about.businessModel.body}
          </SectionHeading>
          <ul className="grid grid--2 feature-list">
            {about.businessModel.models.map((m) => (
              <li key={m.name} className="feature">
                <h3>{m.name}</h3>
                <p>{m.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="record-title">
        <div className="container split split--top">
          <div>
            <span className="eyebrow">Track record</span>
            <h2 id="record-title">{about.trackRecord.heading}</h2>
            {about.trackRecord.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <ul className="ticks highlights">
            {about.trackRecord.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-label="Mission, vision and goal">
        <div className="container statements">
          {[about.mission, about.vision, about.goal].map((block) => (
            <article key={block.heading} className="statement">
              <h2>{block.heading}</h2>
              {block.body.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </article>
          ))}
        </div>
        <div className="container button-row cta-row">
          <Link className="button button--primary" to="/contact">
            Talk to us
          </Link>
          <Link className="button button--secondary" to="/careers/jobs">
            See current openings
          </Link>
        </div>
      </section>
    </>
  );
}
