/**
 * Openings as cards, each card one link to its job page: the openings lists and /careers.
 * A card shows what sets the job apart (its title, team and key skills, then "Apply now");
 * the city and years every opening shares are said once above the list, and a card
 * repeats them only where it differs. Plain HTML: the same without JavaScript.
 */
import { Link } from "react-router";
import type { JobEntry } from "~/content/load.ts";
import { formatYearsRange } from "~/lib/format.ts";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";
import { BriefcaseIcon, ChevronRightIcon, PinIcon } from "./icons.tsx";

export type JobCardData = Pick<JobEntry, "slug" | "title" | "team" | "keySkills" | "location" | "experienceYears">;

/** What an opening's card needs of it, for a loader to send. */
export const toJobCard = ({ slug, title, team, keySkills, location, experienceYears }: JobEntry): JobCardData => ({
  slug,
  title,
  team,
  keySkills,
  location,
  experienceYears,
});

const yearsOf = (job: JobCardData) => formatYearsRange(job.experienceYears);

/** The city and the years of experience when every opening in the list has the same; null where they differ. */
function sharedFacts(jobs: JobCardData[]): { city: string | null; years: string | null } {
  const only = (values: string[]) => (new Set(values).size === 1 ? (values[0] ?? null) : null);
  return { city: only(jobs.map((job) => job.location.city)), years: only(jobs.map(yearsOf)) };
}

function CityAndYears({ city, years }: { city: string | null; years: string | null }) {
  return (
    <>
      {city && (
        <span>
          <PinIcon />
          {city}
        </span>
      )}
      {years && (
        <span>
          <BriefcaseIcon />
          {keepStrandableTerms(years)} years
        </span>
      )}
    </>
  );
}

/** One opening's card: its heading an h2 on the openings lists, an h3 under /careers' own heading. */
function JobCard({
  job,
  shared,
  Heading,
}: {
  job: JobCardData;
  shared: ReturnType<typeof sharedFacts>;
  Heading: "h2" | "h3";
}) {
  const ownCity = shared.city === null ? job.location.city : null;
  const ownYears = shared.years === null ? yearsOf(job) : null;
  return (
    <li className="job-card">
      <Heading className="job-card__title">{job.title}</Heading>
      <div className="job-card__meta">
        <p className="job-card__team">{keepTerms(job.team)} team</p>
        <ul className="job-card__skills" aria-label="Key skills">
          {job.keySkills.map((skill) => (
            <li key={skill}>{keepTerms(skill)}</li>
          ))}
        </ul>
        {(ownCity || ownYears) && (
          <p className="meta-row">
            <CityAndYears city={ownCity} years={ownYears} />
          </p>
        )}
      </div>
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

/** The line above a list: what all its openings share, so no card has to repeat it. */
export function SharedJobFacts({ jobs }: { jobs: JobCardData[] }) {
  const shared = sharedFacts(jobs);
  if (!shared.city && !shared.years) return null;
  return (
    <p className="meta-row job-list__shared">
      <span>{jobs.length === 1 ? "This role:" : "Every role:"}</span>
      <CityAndYears {...shared} />
    </p>
  );
}

export function JobList({ jobs, Heading = "h2" }: { jobs: JobCardData[]; Heading?: "h2" | "h3" }) {
  const shared = sharedFacts(jobs);
  return (
    <ul className="job-list">
      {jobs.map((job) => (
        <JobCard key={job.slug} job={job} shared={shared} Heading={Heading} />
      ))}
    </ul>
  );
}
