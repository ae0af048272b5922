/**
 * A band of a page with a heading block: the section labelled by its h2, the centred
 * container, the eyebrow, the heading and lead paragraphs, then the section's own content.
 */
import type { ReactNode } from "react";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";

interface PageSectionProps {
  /** The h2's id: the section's `aria-labelledby` names it. */
  id: string;
  title: string;
  eyebrow?: string;
  centered?: boolean;
  /** The lead paragraphs under the heading, as text: one, several or none. */
  lead?: string | readonly string[];
  /** The band's background: the page's own, the tint, or dark. */
  tone?: "plain" | "tint" | "dark";
  /** Classes of this band beside `section`, for its own styles. */
  className?: string;
  /** Below the first screen: the browser skips rendering it until it is near (base.css). */
  deferred?: boolean;
  children: ReactNode;
}

/**
 * The classes of a band: `section`, its background, its own classes, and whether it is
 * rendered only when near the screen. Every band of a page takes them from here.
 */
export function bandClasses(tone: "plain" | "tint" | "dark", own?: string, deferred = false): string {
  return ["section", tone !== "plain" && `section--${tone}`, own, deferred && "render-when-near"]
    .filter(Boolean)
    .join(" ");
}

export function PageSection(props: PageSectionProps) {
  const { id, title, eyebrow, centered = false, lead = [], tone = "plain", className, deferred = false } = props;
  const paragraphs = typeof lead === "string" ? [lead] : lead;
  return (
    <section className={bandClasses(tone, className, deferred)} aria-labelledby={id}>
      <div className="container">
        <div className={centered ? "section-heading section-heading--center" : "section-heading"}>
          {eyebrow && <span className="eyebrow">{eyebrow}</span>}
          <h2 id={id}>{keepTerms(title)}</h2>
          {paragraphs.map((p) => (
            <p key={p} className="lead">
              {keepStrandableTerms(p)}
            </p>
          ))}
        </div>
        {props.children}
      </div>
    </section>
  );
}

interface SplitSectionProps {
  /** The h2's id: the section's `aria-labelledby` names it. */
  id: string;
  title: string;
  eyebrow: string;
  /** The text's paragraphs. */
  body: readonly string[];
  /** Beside the text from 64em (a picture, a list); under it on a phone. */
  aside: ReactNode;
  /** `media`: the two columns centred on each other; `top`: both start at the top. */
  align: "media" | "top";
  tone?: "plain" | "dark";
  /** Under the text's paragraphs (a link onwards). */
  children?: ReactNode;
}

/** A band of two columns: a heading with its paragraphs, and what stands beside them. */
export function SplitSection({ id, title, eyebrow, body, aside, align, tone = "plain", children }: SplitSectionProps) {
  return (
    <section className={bandClasses(tone)} aria-labelledby={id}>
      <div className={`container split split--${align}`}>
        <div>
          <span className="eyebrow">{eyebrow}</span>
          <h2 id={id}>{keepTerms(title)}</h2>
          {body.map((p) => (
            <p key={p}>{keepStrandableTerms(p)}</p>
          ))}
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
