import { Banner } from "~/components/banner.tsx";
import { IMAGE_SIZES } from "~/components/image-sizes.ts";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { PageSection, SplitSection } from "~/components/page-section.tsx";
import { Picture } from "~/components/picture.tsx";
import { content } from "~/content/catalog.server.ts";
import { pageMetaWithTrail, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/about";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";

const crumbs = trailTo({ name: "About", path: "/about" });

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

      <SplitSection
        id="intro-title"
        eyebrow="Our story"
        title={about.introduction.heading}
        body={about.introduction.body}
        aside={<Picture image={about.introduction.image} className="rounded-art" sizes={IMAGE_SIZES.splitHalf} />}
        align="media"
      />

      <PageSection
        id="model-title"
        eyebrow="How we engage"
        title={about.businessModel.heading}
        lead={about.businessModel.body}
        tone="tint"
      >
        <ul className="grid grid--2 feature-list">
          {about.businessModel.models.map((m) => (
            <li key={m.name} className="feature">
              <h3>{keepTerms(m.name)}</h3>
              <p>{keepStrandableTerms(m.description)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <SplitSection
        id="record-title"
        eyebrow="Track record"
        title={about.trackRecord.heading}
        body={about.trackRecord.body}
        aside={
          <ul className="ticks highlights">
            {about.trackRecord.highlights.map((h) => (
              <li key={h}>{keepStrandableTerms(h)}</li>
            ))}
          </ul>
        }
        align="top"
        tone="dark"
      />

      <section className="section" aria-label="Mission, vision and goal">
        <div className="container statements">
          {[about.mission, about.vision, about.goal].map((block) => (
            <article key={block.heading} className="statement">
              <h2>{keepTerms(block.heading)}</h2>
              {block.body.map((p) => (
                <p key={p}>{keepStrandableTerms(p)}</p>
              ))}
            </article>
          ))}
        </div>
      </section>

      <ClosingCta band="project" after="plain" />
    </>
  );
}
