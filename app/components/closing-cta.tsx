/**
 * The band a page ends on before the footer: what to do next, as a heading, a line and one
 * or two links styled as buttons (the first the main one), with the words of
 * app/content/next-steps.ts. Plain links: it works the same without JavaScript.
 */
import { Link } from "react-router";
import { type ClosingBandName, closingBands } from "~/content/next-steps.ts";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";
import { bandClasses } from "./page-section.tsx";

interface ClosingCtaProps {
  /** Which band: the purpose the page serves. */
  band: ClosingBandName;
  /**
   * What comes before it: a plain or tinted band, whose background it continues (its own
   * space above is that band's), or the page's banner, which it stands apart from.
   */
  after: "plain" | "tint" | "banner";
  /** Below the first screen: the browser skips rendering it until it is near (base.css). */
  deferred?: boolean;
}

export function ClosingCta({ band, after, deferred = false }: ClosingCtaProps) {
  const { eyebrow, title, lead, actions } = closingBands[band];
  const own = after === "banner" ? "closing-cta closing-cta--after-banner" : "closing-cta";
  return (
    <section
      className={bandClasses(after === "tint" ? "tint" : "plain", own, deferred)}
      aria-labelledby="closing-title"
    >
      <div className="container">
        <div className="closing-cta__panel on-dark">
          <div>
            <span className="eyebrow">{eyebrow}</span>
            <h2 id="closing-title">{keepTerms(title)}</h2>
            <p className="lead">{keepStrandableTerms(lead)}</p>
          </div>
          <div className="button-row">
            {actions.map((action, i) => (
              <Link
                key={action.to}
                className={i === 0 ? "button button--accent" : "button button--ghost"}
                to={action.to}
              >
                {action.label}
              </Link>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
