/** The dark page banner under the transparent navigation bar: breadcrumbs, heading, tagline. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";
import type { Crumb } from "~/lib/seo.ts";
import { DecorativeArt } from "./decorative-art.tsx";

interface BannerProps {
  title: ReactNode;
  tagline?: ReactNode;
  eyebrow?: string;
  art: string;
  crumbs?: Crumb[];
  children?: ReactNode;
  /** A class beside `banner`, for a screen that styles its banner (the error screens). */
  className?: string;
}

export function Banner({ title, tagline, eyebrow, art, crumbs, children, className }: BannerProps) {
  return (
    <section className={className ? `banner ${className}` : "banner"} aria-labelledby="page-title">
      <DecorativeArt className="banner__art" src={`/images/banners/${art}.svg`} width={1600} height={400} />
      <div className="container">
        {crumbs && crumbs.length > 1 && <Breadcrumbs crumbs={crumbs} />}
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1 id="page-title">{typeof title === "string" ? keepTerms(title) : title}</h1>
        {tagline && <p>{typeof tagline === "string" ? keepStrandableTerms(tagline) : tagline}</p>}
        {children}
      </div>
    </section>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{keepTerms(crumb.name)}</span>
            ) : (
              <Link to={crumb.path}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
