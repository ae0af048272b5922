import { Link } from "react-router";
import { Banner } from "./banner.tsx";
import { ClosingCta } from "./closing-cta.tsx";

/** The 'Not Found...' screen for unknown paths, case studies, jobs and services. */
export function NotFound() {
  return (
    <>
      <Banner
        className="not-found"
        title="Not Found..."
        tagline="The page you asked for does not exist or has moved."
        art="contact"
      >
        <div className="button-row not-found__actions">
          <Link className="button button--accent" to="/">
            Go to the home page
          </Link>
          <Link className="button button--ghost" to="/careers/jobs">
            See current openings
          </Link>
        </div>
      </Banner>
      <ClosingCta band="project" after="banner" />
    </>
  );
}
