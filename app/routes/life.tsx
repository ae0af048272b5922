import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { ImageGallery } from "~/components/image-gallery.tsx";
import { PageSection } from "~/components/page-section.tsx";
import { content } from "~/content/catalog.server.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/life";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";

const crumbs = trailTo(SECTION_CRUMBS.careers, { name: "Life at Blueberry", path: "/careers/life-blueberry" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Life at Blueberry",
    description: loaderData.life.metaDescription,
  });
}

export function loader() {
  return {
    life: content.life,
    gallery: content.gallery.map((g) => ({ image: g.image, caption: g.caption })),
  };
}

export default function Life({ loaderData }: Route.ComponentProps) {
  const { life, gallery } = loaderData;
  const sections = [
    life.rapidGrowth,
    life.workCulture,
    life.careerAcceleration,
    life.careerProgression,
    life.workEnvironment,
  ];
  return (
    <>
      <Banner title="Why Join Blueberry?" eyebrow="Careers" tagline={life.bannerTagline} art="life" crumbs={crumbs} />

      <section className="section" aria-label="Working at Blueberry">
        <div className="container life-sections">
          {sections.map((s, i) => (
            <article key={s.heading} className="life-section">
              <span className="life-section__number" aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <div>
                <h2>{keepTerms(s.heading)}</h2>
                <div className="life-section__text">
                  {s.body.map((p) => (
                    <p key={p}>{keepStrandableTerms(p)}</p>
                  ))}
                </div>
              </div>
            </article>
          ))}
        </div>
      </section>

      <PageSection id="benefits-title" eyebrow="Looking after you" title={life.benefits.heading} tone="tint">
        <ul className="ticks benefits">
          {life.benefits.items.map((b) => (
            <li key={b}>{keepStrandableTerms(b)}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="gallery-title"
        eyebrow="Gallery"
        title="Moments at Blueberry"
        lead="Select a picture to see it full screen."
      >
        <ImageGallery items={gallery} variant="gallery" />
      </PageSection>

      <ClosingCta band="careers" after="plain" />
    </>
  );
}
