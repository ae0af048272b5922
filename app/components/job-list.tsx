/** Openings as cards (title, city, years, "Apply now"), each card one link to its job page: the openings lists and /careers. */
import { Link } from "react-router";
import type { JobEntry } from "~/content/load.ts";
import { formatYearsRange } from "~/lib/format.ts";
import { keepStrandableTerms } from "~/lib/keep-terms.tsx";
import { BriefcaseIcon, ChevronRightIcon, PinIcon } from "./icons.tsx";

export type JobCardData = Pick<JobEntry, "slug" | "title" | "location" | "experienceYears">;

/** What an opening's card needs of it, for a loader to send. */
export const toJobCard = ({ slug, title, location, experienceYears }: JobEntry): JobCardData => ({
  slug,
  title,
  location,
  experienceYears,
});

/** One opening's card: its heading an h2 on the openings lists, an h3 under /careers' own heading. */
function JobCard({ job, Heading }: { job: JobCardData; Heading: "h2" | "h3" }) {
  return (
    <li className="job-card">
      <Heading className="job-card__title">{job.title}</Heading>
      <p className="meta-row">
        <span>
          <PinIcon />
          {job.location.city}
        </span>
        <span>
          <BriefcaseIcon />
          {keepStrandableTerms(formatYearsRange(job.experienceYears))} years
        </span>
      </p>
      {/* One link per opening; its overlay makes the whole card the target. */}
      <Link className="job-card__link" to={`/careers/jobs/vlsi/${job.slug}`}>
        <span className="button button--quiet">
          Apply now
          <ChevronRightIcon />
        </span>
        <span className="visually-hidden"> for {job.title}</span>
      </Link>
    </li>
  );
}

export function JobList({ jobs, Heading = "h2" }: { jobs: JobCardData[]; Heading?: "h2" | "h3" }) {
  return (
    <ul className="job-list">
      {jobs.map((job) => (
        <JobCard key={job.slug} job={job} Heading={Heading} />
      ))}
    </ul>
  );
}
