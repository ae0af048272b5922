import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { CaseStudyCard } from "~/components/case-study-card.tsx";
import { content } from "~/content/catalog.server.ts";
import { toCard } from "~/content/reading-time.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/case-studies";

const crumbs = trailTo(SECTION_CRUMBS.caseStudies);

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Case Studies",
    description:
      "How we verified PCIe and HEVC IP, closed timing at 7 nm, built FPGA radar pipelines, firmware, boards and edge AI for customers worldwide.",
  });
}

export function loader() {
  return { studies: content.caseStudies.map(toCard) };
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Banner
        title="Case Studies"
        eyebrow="Our work"
        tagline="Silicon, FPGA, firmware, boards and machine learning: projects we have delivered, told by the engineers who did them."
        art="case-studies"
        crumbs={crumbs}
      />
      <section className="section section--tint" aria-label="All case studies">
        <div className="container">
          <ul className="grid grid--3 card-list case-grid">
            {/* On a phone the first card's picture is the largest thing on the first screen. Each card
                renders when near: the cards a phone cannot see yet keep their pictures off the slow link. */}
            {loaderData.studies.map((study, index) => (
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
