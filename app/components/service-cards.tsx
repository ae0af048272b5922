/** The six services as cards (picture, title, summary, "Learn more"), each a link to its page: on Home and /services. */
import { Link } from "react-router";
import type { ServiceEntry } from "~/content/load.ts";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";
import { ChevronRightIcon } from "./icons.tsx";
import { IMAGE_SIZES } from "./image-sizes.ts";
import { Picture } from "./picture.tsx";

export type ServiceCardData = Pick<ServiceEntry, "id" | "title" | "cardSummary" | "cardImage">;

/** What a service's card needs of it, for a loader to send. */
export const toServiceCard = ({ id, title, cardSummary, cardImage }: ServiceEntry): ServiceCardData => ({
  id,
  title,
  cardSummary,
  cardImage,
});

interface ServiceCardsProps {
  services: ServiceCardData[];
  headingLevel?: 2 | 3;
  /** The cards open the page (/services): the first picture is the largest paint on a phone, so it is fetched first. */
  firstOnScreen?: boolean;
}

export function ServiceCards({ services, headingLevel = 3, firstOnScreen = false }: ServiceCardsProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid grid--3 card-list">
      {services.map((s, index) => (
        <li key={s.id} className="card service-card">
          <Picture image={s.cardImage} sizes={IMAGE_SIZES.card} priority={firstOnScreen && index === 0} />
          <div className="card__body">
            <Heading className="service-card__title">
              <Link to={`/services/${s.id}`} className="card__link">
                {keepTerms(s.title)}
              </Link>
            </Heading>
            <p>{keepStrandableTerms(s.cardSummary)}</p>
            <span className="text-link" aria-hidden="true">
              Learn more
              <ChevronRightIcon />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
