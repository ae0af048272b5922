import { Link } from "react-router";
import type { CaseStudyEntry } from "~/content/load.ts";
import { formatMonthDayYear } from "~/lib/format.ts";
import { SERVICE_TITLES } from "~/content/constants.ts";
import { keepTerms } from "~/lib/keep-terms.tsx";
import { CalendarIcon, ChevronRightIcon, ClockIcon } from "./icons.tsx";
import { IMAGE_SIZES } from "./image-sizes.ts";
import { Picture } from "./picture.tsx";

export type CaseStudyCardData = Pick<CaseStudyEntry, "slug" | "title" | "result" | "service" | "date" | "thumbnail"> & {
  readingMinutes: number;
};

/** A case study's date and reading time, on its card and under its page's title. */
export function CaseStudyDateline({ date, readingMinutes, className }: DatelineProps) {
  return (
    <p className={className ? `meta-row ${className}` : "meta-row"}>
      <span>
        <CalendarIcon />
        <time dateTime={date}>{formatMonthDayYear(date)}</time>
      </span>
      <span>
        <ClockIcon />
        {readingMinutes} min read
      </span>
    </p>
  );
}

interface DatelineProps {
  /** YYYY-MM-DD. */
  date: string;
  readingMinutes: number;
  className?: string;
}

interface CaseStudyCardProps {
  study: CaseStudyCardData;
  headingLevel?: 2 | 3;
  /** The card's picture may be the page's largest paint: fetched first, never lazily. */
  priority?: boolean;
}

/** A case study card: image, its service as an uppercase tag, title, its result, READ MORE, date and time. */
export function CaseStudyCard({ study, headingLevel = 3, priority = false }: CaseStudyCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card case-card">
      <Picture image={study.thumbnail} sizes={IMAGE_SIZES.card} priority={priority} />
      <div className="card__body">
        <span className="badge">{SERVICE_TITLES[study.service]}</span>
        <Heading className="case-card__title">
          <Link to={`/casestudies/${study.slug}`} className="card__link">
            {keepTerms(study.title)}
          </Link>
        </Heading>
        <p className="case-card__result">{keepTerms(study.result)}</p>
        <CaseStudyDateline date={study.date} readingMinutes={study.readingMinutes} />
        <span className="text-link" aria-hidden="true">
          Read more
          <ChevronRightIcon />
        </span>
      </div>
    </article>
  );
}
