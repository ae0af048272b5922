import { Link } from "react-router";
import type { CaseStudyEntry } from "~/content/load";
import { CalendarIcon, ClockIcon } from "./icons";
import { Picture } from "./picture";

export type CaseStudyCardData = Pick<CaseStudyEntry, "slug" | "title" | "badge" | "date" | "thumbnail"> & {
  readingMinutes: number;
};

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(`${iso}T00:00:00Z`));
}

/** A case study card (spec §2): image, uppercase badge, title, READ MORE, date and time. */
export function CaseStudyCard({ study, headingLevel = 3 }: { study: CaseStudyCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card case-card">
      <Picture image={study.thumbnail} />
      <div className="card__body">
        <span className="badge">{study.badge}</span>
        <Heading className="case-card__title">
          <Link to={`/casestudies/${study.slug}`} className="card__link">
            {study.title}
          </Link>
        </Heading>
        <p className="meta-row">
          <span>
            <CalendarIcon />
            <time dateTime={study.date}>{formatDate(study.date)}</time>
          </span>
          <span>
            <ClockIcon />
            {study.readingMinutes} min read
          </span>
        </p>
        <span className="text-link" aria-hidden="true">
          Read more →
        </span>
      </div>
    </article>
  );
}
