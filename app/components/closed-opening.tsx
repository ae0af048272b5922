import { Link } from "react-router";
import { site } from "~/content/site.ts";
import { OPENING_CLOSED } from "~/forms/application/messages.ts";
import { Banner } from "./banner.tsx";

/**
 * What an application to an opening that has closed gets (status 410): a page open from
 * before the opening left the site posts to it, or, in the static build, finds its page gone.
 */
export function ClosedOpening() {
  return (
    <Banner className="not-found" title="This Opening Has Closed" tagline={OPENING_CLOSED} art="contact">
      <div className="button-row not-found__actions">
        <Link className="button button--accent" to="/careers/jobs">
          See current openings
        </Link>
        <a className="button button--ghost" href={`mailto:${site.email.careers}`}>
          Write to our careers team
        </a>
      </div>
    </Banner>
  );
}
