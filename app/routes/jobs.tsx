/**
 * The openings lists: /careers/jobs and /careers/jobs/vlsi show the VLSI openings,
 * /careers/jobs/software-embedded the software and embedded ones (none today, so it
 * shows how to reach the careers team instead).
 */
import { Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { JobList, toJobCard } from "~/components/job-list.tsx";
import { PageLink } from "~/components/page-link.tsx";
import { content } from "~/content/catalog.server.ts";
import { site } from "~/content/site.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import { STATIC_PAGES } from "~/pages.ts";
import type { Route } from "./+types/jobs";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { title, crumbs, jobs } = loaderData;
  const description =
    jobs.length > 0
      ? `${jobs.length} ${title.toLowerCase()} at Blueberry Semiconductors, Bengaluru: analog, physical design, DFT, verification and RTL roles, 1–15 years.`
      : `${title} at Blueberry Semiconductors, Bengaluru. No Openings Right Now: send your CV to our careers team and we will write when a role fits.`;
  return pageMetaWithTrail(matches, crumbs, { title, description });
}

/** The openings list a route pattern shows ("careers/jobs/vlsi"), from the list of pages. */
function listAt(pattern: string) {
  const list = STATIC_PAGES.find((page) => page.path === `/${pattern.replace(/^\//, "")}`);
  if (!list?.openings) throw new Error(`app/pages.ts names no openings list at ${pattern}`);
  return { title: list.heading, path: list.path, category: list.openings };
}

export function loader({ pattern }: Route.LoaderArgs) {
  // The matched route, not the URL: the same page answers at "/careers/jobs/vlsi/" and for its data.
  const list = listAt(pattern);
  const { careers } = SECTION_CRUMBS;
  const crumbs =
    list.path === careers.path ? trailTo(careers) : trailTo(careers, { name: list.title, path: list.path });
  // content.jobs is in listOrder, so every list keeps that order.
  const jobs = content.jobs.filter((j) => j.category === list.category).map(toJobCard);
  return { title: list.title, path: list.path, crumbs, jobs, careersEmail: site.email.careers };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { title, jobs, crumbs, careersEmail } = loaderData;
  return (
    <>
      <Banner
        title={title}
        eyebrow="Careers"
        tagline="Join the engineers behind 300+ tape-outs. Every role is open to all levels, from graduates to leads."
        art="jobs"
        crumbs={crumbs}
      />
      <div className="section section--tint">
        <div className="container jobs-layout">
          <nav aria-labelledby="job-lists-title" className="service-menu jobs-menu">
            <h2 id="job-lists-title" className="service-menu__title">
              Openings by Team
            </h2>
            <ul>
              <li>
                <PageLink to="/careers/jobs/vlsi">VLSI</PageLink>
              </li>
              <li>
                <PageLink to="/careers/jobs/software-embedded">Software and Embedded</PageLink>
              </li>
            </ul>
          </nav>
          {jobs.length > 0 ? (
            <JobList jobs={jobs} />
          ) : (
            <div className="empty-state">
              <h2>No Openings Right Now</h2>
              <p>
                We have no software or embedded openings at the moment, but we grow every quarter. Send your CV to{" "}
                <a href={`mailto:${careersEmail}`}>{careersEmail}</a> and we will write to you when a role fits.
              </p>
              <div className="button-row">
                <Link className="button button--primary" to="/careers/jobs/vlsi">
                  See VLSI openings
                </Link>
                <Link className="button button--secondary" to="/careers/life-blueberry">
                  Life at Blueberry
                </Link>
              </div>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
