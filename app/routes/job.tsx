import { data, Link } from "react-router";
import { JOB_APPLIED } from "../../common/page-queries.ts";
import { ApplyButton, ApplyDialog, ApplyDialogScope } from "~/components/apply-dialog.tsx";
import { Banner } from "~/components/banner.tsx";
import { BriefcaseIcon, CalendarIcon, PinIcon } from "~/components/icons.tsx";
import { content } from "~/content/catalog.server.ts";
import { applicationClientAction } from "~/forms/application/client-action.ts";
import { APPLY_SUCCESS } from "~/forms/application/messages.ts";
import { formatDayMonthYear, formatYearsRange } from "~/lib/format.ts";
import { jobPostingJsonLd } from "~/lib/job-posting.ts";
import { keepStrandableTerms } from "~/lib/keep-terms.tsx";
import { pageMetaWithTrail, SECTION_CRUMBS, siteUrlFrom, trailTo } from "~/lib/seo.ts";
import { loadOrNotFound } from "~/lib/static-not-found.ts";
import type { Route } from "./+types/job";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { job, crumbs } = loaderData;
  const jsonLd = [jobPostingJsonLd(siteUrlFrom(matches), job)];
  return pageMetaWithTrail(matches, crumbs, {
    title: `${job.title}, Bengaluru`,
    description: job.metaDescription,
    jsonLd,
  });
}

export function loader({ params, request }: Route.LoaderArgs) {
  const job = content.jobs.find((j) => j.slug === params.slug);
  if (!job) throw data(null, { status: 404, statusText: "Not Found" });
  const crumbs = trailTo(
    SECTION_CRUMBS.careers,
    { name: "VLSI Openings", path: "/careers/jobs/vlsi" },
    {
      name: job.title,
      path: `/careers/jobs/vlsi/${job.slug}`,
    },
  );
  // After an application without JavaScript the visitor lands on ?applied=1 (post/redirect/get).
  return {
    job,
    crumbs,
    privacyVersion: content.privacy.version,
    applied: new URL(request.url).searchParams.has(JOB_APPLIED),
  };
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadOrNotFound(args);
}
// The server build's submit path; the static build leaves this line out (decision 0006).
export { applicationAction as action } from "~/forms/application/action.server.ts";

export async function clientAction(args: Route.ClientActionArgs) {
  return applicationClientAction(args);
}

export default function Job({ loaderData, actionData }: Route.ComponentProps) {
  const { job, crumbs, privacyVersion, applied } = loaderData;
  return (
    <ApplyDialogScope>
      <Banner title={job.title} eyebrow="Current opening" art="jobs" crumbs={crumbs}>
        <div className="job-facts">
          <p>
            <PinIcon />
            <span>
              <strong>Location:</strong> {job.location.city}, {job.location.region}, India
            </span>
          </p>
          <p>
            <BriefcaseIcon />
            <span>
              <strong>Experience:</strong> {keepStrandableTerms(formatYearsRange(job.experienceYears))} years
            </span>
          </p>
        </div>
        <div className="button-row">
          <ApplyDialog
            job={{ slug: job.slug, title: job.title }}
            privacyVersion={privacyVersion}
            reply={actionData}
            arrivedWith={applied ? { ok: true, message: APPLY_SUCCESS } : undefined}
            startOpen={applied || (actionData !== undefined && !actionData.canceled)}
          />
        </div>
      </Banner>

      <div className="section">
        <div className="container job-layout">
          <article className="prose">
            <h2>About the Role</h2>
            {job.description.map((p) => (
              <p key={p}>{keepStrandableTerms(p)}</p>
            ))}
            <h2>What You Will Do</h2>
            <ul className="ticks">
              {job.responsibilities.map((r) => (
                <li key={r}>{keepStrandableTerms(r)}</li>
              ))}
            </ul>
            <h2>Area of Expertise</h2>
            <ul className="ticks">
              {job.areasOfExpertise.map((a) => (
                <li key={a}>{keepStrandableTerms(a)}</li>
              ))}
            </ul>
          </article>
          <aside className="job-aside">
            <h2>Preferred Education</h2>
            <ul className="ticks">
              {job.preferredEducation.map((e) => (
                <li key={e}>{keepStrandableTerms(e)}</li>
              ))}
            </ul>
            <p className="meta-row">
              <span>
                <CalendarIcon />
                Posted <time dateTime={job.datePosted}>{formatDayMonthYear(job.datePosted)}</time>
              </span>
            </p>
            {/* Beside the role on wide screens and after it on phones: no scrolling back up to apply.
                A name of its own, so a screen reader's list of buttons tells the two apart. */}
            <p className="job-aside__apply">
              <ApplyButton className="button button--primary">Apply for this role</ApplyButton>
            </p>
            <p>
              <Link to="/careers/jobs/vlsi">All VLSI openings</Link>
            </p>
          </aside>
        </div>
      </div>
    </ApplyDialogScope>
  );
}
