/** A section's heading block: an eyebrow, the h2 the section is labelled by, lead paragraphs. */

interface SectionHeadingProps {
  /** The h2's id: the section's `aria-labelledby` names it. */
  id: string;
  title: string;
  eyebrow?: string;
  centered?: boolean;
  /** The lead paragraphs under the heading, as text: one, several or none. */
  children?: string | readonly string[];
}

export function SectionHeading({ id, title, eyebrow, centered = false, children = [] }: SectionHeadingProps) {
  const paragraphs = typeof children === "string" ? [children] : children;
  return (
    <div className={centered ? "section-heading section-heading--center" : "section-heading"}>
      {eyebrow && <span className="eyebrow">{eyebrow}</span>}
      <h2 id={id}>{title}</h2>
      {paragraphs.map((p) => (
        <p key={p} className="lead">
          {p}
        </p>
      ))}
    </div>
  );
}
