import { Link } from "react-router";
import { DecorativeArt } from "./decorative-art";

/** The 'Not Found...' screen for unknown paths, case studies, jobs and services. */
export function NotFound() {
  return (
    <section className="banner not-found" aria-labelledby="page-title">
      <DecorativeArt className="banner__art" src="/images/banners/contact.svg" width={1600} height={400} />
      <div className="container">
        <h1 id="page-title">Not Found...</h1>
        <p>The page you asked for does not exist or has moved.</p>
        <div className="button-row not-found__actions">
          <Link className="button button--accent" to="/">
            Go to the home page
          </Link>
          <Link className="button button--ghost" to="/careers/jobs">
            See current openings
          </Link>
        </div>
      </div>
    </section>
  );
}
