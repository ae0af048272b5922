/**
 * The openings lists: /careers/jobs and /careers/jobs/vlsi show the VLSI openings,
 * /careers/jobs/software-embedded the software and embedded ones. The team filter beside
 * them counts each team's openings; a team with none leads to the teams that have some
 * and to the careers address for an open application.
 */
import { Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { JobList, SharedJobFacts, toJobCard } from "~/components/job-list.tsx";
import { PageLink } from "~/components/page-link.tsx";
import { content } from "~/content/catalog.server.ts";
import { JOB_CATEGORY_LABELS } from "~/content/constants.ts";
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

/** The team filter: each team's own list. (/careers/jobs shows the VLSI list too, under its own heading.) */
const TEAM_LISTS = [
  { category: "vlsi", label: JOB_CATEGORY_LABELS.vlsi, path: "/careers/jobs/vlsi" },
  {
    category: "software-embedded",
    label: JOB_CATEGORY_LABELS["software-embedded"],
    path: "/careers/jobs/software-embedded",
  },
] as const;

/** "7 openings", "1 opening", "no openings": what a screen reader says after a team's name. */
function openingsCount(count: number): string {
  if (count === 0) return "no openings";
  return `${count} ${count === 1 ? "opening" : "openings"}`;
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
  // content.jobs is in the company's order (order.yaml), so every list keeps it.
  const jobs = content.jobs.filter((j) => j.category === list.category).map(toJobCard);
  const teams = TEAM_LISTS.map(({ category, label, path }) => ({
    label,
    path,
    count: content.jobs.filter((j) => j.category === category).length,
    shownHere: category === list.category,
  }));
  return { title: list.title, path: list.path, crumbs, jobs, teams, careersEmail: site.email.careers };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { title, jobs, teams, crumbs, careersEmail } = loaderData;
  const teamsWithOpenings = teams.filter((team) => !team.shownHere && team.count > 0);
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
          {/* Plain links to prerendered pages with their counts in the HTML: works without JavaScript and on any host. */}
          <nav aria-labelledby="job-lists-title" className="service-menu jobs-menu">
            <h2 id="job-lists-title" className="service-menu__title">
              Openings by Team
            </h2>
            <ul>
              {teams.map((team) => (
                <li key={team.path}>
                  <PageLink to={team.path}>
                    {/* One text for a screen reader ("VLSI, 7 openings"); the name and its count pill for the eye. */}
                    <span className="visually-hidden">{`${team.label}, ${openingsCount(team.count)}`}</span>
                    <span aria-hidden="true">{team.label}</span>
                    <span className="jobs-menu__count" aria-hidden="true">
                      {team.count}
                    </span>
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          {jobs.length > 0 ? (
            <div>
              <SharedJobFacts jobs={jobs} />
              <JobList jobs={jobs} />
            </div>
          ) : (
            <div className="empty-state">
              <h2>No Openings Right Now</h2>
              <p>
                We have no software or embedded openings at the moment, but we grow every quarter.
                {teamsWithOpenings.length === 1 && " This team is hiring now:"}
                {teamsWithOpenings.length > 1 && " These teams are hiring now:"}
              </p>
              {teamsWithOpenings.length > 0 && (
                <ul className="empty-state__teams">
                  {teamsWithOpenings.map((team) => (
                    <li key={team.path}>
                      <Link className="button button--primary" to={team.path}>
                        See {openingsCount(team.count)} in {team.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <p>
                Or send your CV for an open application{" "}
                {/* "to" stays on the address's line; the address itself may still wrap on a screen narrower than it. */}
                <span className="empty-state__to-address">
                  to <a href={`mailto:${careersEmail}`}>{careersEmail}</a>
                </span>{" "}
                and we will write to you when a role fits.
              </p>
              <p>
                <Link className="button button--secondary" to="/careers/life-blueberry">
                  Life at Blueberry
                </Link>
              </p>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
