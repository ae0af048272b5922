/**
 * /my-application/<token>: what we hold about one job application, and a button that
 * erases it (docs/decisions/0017). Reached only through the signed link in the applicant's
 * confirmation mail; server build only (app/pages.ts, SERVER_ONLY_ROUTES). Never cached,
 * never indexed, and the token never leaves our origin as a Referer. Not "no-referrer":
 * with it the browser posts the erase button with `Origin: null`, which the form guard
 * rightly refuses.
 */
import { Form } from "react-router";
import type { ApplicantRecord } from "../../common/form-services.ts";
import { Banner } from "~/components/banner.tsx";
import { site } from "~/content/site.ts";
import type { Route } from "./+types/my-application";

export { applicantDataLoader as loader } from "./my-application.server.ts";
export { applicantDataAction as action } from "./my-application.server.ts";

export const ERASE_BUTTON = "Delete my application and CV";

export function headers() {
  return {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "same-origin",
  };
}

export function meta() {
  return [
    { title: `Your application | ${site.name}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
  timeZoneName: "short",
});

function when(iso: string) {
  return <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
}

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function MyApplication({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? loaderData;
  const careers = site.email.careers;
  const writeToUs = (
    <p>
      For anything else about your data, write to <a href={`mailto:${careers}`}>{careers}</a>.
    </p>
  );

  if (answer.status === "found") {
    return (
      <>
        <Banner
          title="Your application"
          eyebrow="Your data"
          tagline="What we hold about you, and how to delete it."
          art="privacy"
        />
        <div className="section">
          <div className="container">
            <div className="prose">
              <p>
                This is everything we keep about your application. We keep it until {when(answer.linkExpiresAt)} at the
                latest, then delete it; this link works until then. Our <a href="/privacy">privacy notice</a> explains
                why.
              </p>
              <ApplicationFacts record={answer.record} />
              <h2 id="erase-title" className="applicant-erase__title">
                Delete your application
              </h2>
              <p>
                You can withdraw your consent and delete your application at any time. This deletes your details and
                your CV from our website for good, cancels any e-mail about your application not yet sent, and tells our
                careers team that you withdrew. It cannot be undone.
              </p>
              <Form method="post" reloadDocument aria-labelledby="erase-title" className="applicant-erase__form">
                <button type="submit" className="button button--primary">
                  {ERASE_BUTTON}
                </button>
              </Form>
              {writeToUs}
            </div>
          </div>
        </div>
      </>
    );
  }

  const { title, text } =
    answer.status === "erased"
      ? {
          title: "Your application has been deleted",
          text: "Your details and your CV are deleted from our website, and our careers team has been told that you withdrew your application. Thank you for your interest in Blueberry Semiconductors.",
        }
      : answer.status === "gone"
        ? {
            title: "This application no longer exists",
            text: answer.withdrawnAt
              ? "You deleted this application yourself; nothing of it is left to show."
              : "This application has been deleted, at your request or because our retention period ended; nothing of it is left to show.",
          }
        : answer.status === "expired"
          ? {
              title: "This link has expired",
              text: "The link works for as long as we keep an application, and that period has ended, so the application has been or is about to be deleted.",
            }
          : {
              title: "This link is not valid",
              text: "Check that the whole link was copied from the e-mail we sent you after you applied.",
            };
  return (
    <>
      <Banner title={title} eyebrow="Your data" art="privacy" />
      <div className="section">
        <div className="container">
          <div className="prose">
            <p>{text}</p>
            {answer.status === "erased" && <p>Deleted on {when(answer.withdrawnAt)}.</p>}
            {writeToUs}
          </div>
        </div>
      </div>
    </>
  );
}

function ApplicationFacts({ record }: { record: ApplicantRecord }) {
  const rows: [string, React.ReactNode][] = [
    ["Name", record.name],
    ["E-mail", record.email],
    ["Phone", record.phone],
    ["Job", record.jobTitle],
    ["Comment", record.comment?.trim() ? record.comment : "(none)"],
    ["CV", record.cv ? `${record.cv.fileName} (${sizeOf(record.cv.size)})` : "(none)"],
    ["Received", when(record.receivedAt)],
    [
      "Consent",
      record.consentAt ? (
        <>
          Given {when(record.consentAt)} to our privacy notice of {record.privacyVersion ?? "(unknown)"}
        </>
      ) : (
        "(not recorded)"
      ),
    ],
    ["Reference", record.reference],
  ];
  return (
    <section className="case-facts applicant-facts" aria-labelledby="facts-title">
      <h2 id="facts-title" className="case-facts__title">
        What we hold
      </h2>
      <dl>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
