/**
 * /careers: the careers section on one page (the openings, then what working here is
 * like), where the breadcrumbs' "Careers" and the footer lead (decision 0046). Not in the
 * specification's route table.
 */
import { Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { JobList, toJobCard } from "~/components/job-list.tsx";
import { PageSection } from "~/components/page-section.tsx";
import { content } from "~/content/catalog.server.ts";
import { careersLinks } from "~/content/navigation.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/careers";

const crumbs = trailTo(SECTION_CRUMBS.careers);

/** What each of the section's other pages offers. */
const SECTION_PAGES: Record<string, string> = {
  "/careers/life-blueberry": "How we work, learn and look after each other in our Bengaluru office.",
  "/careers/testimonials": "Our engineers on the work, their mentors and how they have grown.",
  "/careers/press-media": "What the press has written about us, and pictures from our events.",
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Careers",
    description: `Careers at Blueberry Semiconductors, Bengaluru: ${loaderData.jobs.length} openings in analog, physical design, DFT, verification and RTL, and what working with us is like.`,
  });
}

export function loader() {
  // content.jobs is in the company's order (order.yaml), as every openings list shows them.
  return {
    jobs: content.jobs.map(toJobCard),
  };
}

const TAGLINE =
  "Design, verify and bring up real silicon with the engineers behind 300+ tape-outs. Every role is open to all levels.";

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  return (
    <>
      <Banner title="Careers" eyebrow="Join us" tagline={TAGLINE} art="jobs" crumbs={crumbs} />
      <PageSection
        id="openings-title"
        eyebrow="Now hiring"
        title="Current Openings"
        lead={jobs.length > 0 ? `${jobs.length} roles in Bengaluru, for graduates to leads.` : "No openings right now."}
        tone="tint"
      >
        <JobList jobs={jobs} Heading="h3" />
        <p className="section-more">
          <Link className="button button--secondary" to="/careers/jobs">
            See the openings by team
          </Link>
        </p>
      </PageSection>
      <PageSection id="working-here-title" eyebrow="Working here" title="What Working Here Is Like">
        <ul className="grid grid--3 feature-list">
          {careersLinks
            .filter((link) => link.to !== "/careers/jobs")
            .map((link) => (
              <li key={link.to} className="feature">
                <h3>
                  <Link to={link.to}>{link.label}</Link>
                </h3>
                <p>{SECTION_PAGES[link.to]}</p>
              </li>
            ))}
        </ul>
      </PageSection>
      <ClosingCta band="careers" after="plain" />
    </>
  );
}
