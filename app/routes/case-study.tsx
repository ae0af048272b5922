import { data, Link } from "react-router";
import { Banner } from "~/components/banner.tsx";
import { CaseStudyDateline } from "~/components/case-study-card.tsx";
import { ChevronRightIcon } from "~/components/icons.tsx";
import { IMAGE_SIZES } from "~/components/image-sizes.ts";
import { Picture } from "~/components/picture.tsx";
import { content } from "~/content/catalog.server.ts";
import {
  CASE_STUDY_RESULT_SECTIONS,
  CASE_STUDY_SECTIONS,
  type CaseStudySectionKey,
  SERVICE_TITLES,
} from "~/content/constants.ts";
import type { InlineHtml } from "~/content/inline-html.ts";
import { readingMinutes } from "~/content/reading-time.ts";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms.tsx";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import { loadOrNotFound } from "~/lib/static-not-found.ts";
import type { Route } from "./+types/case-study";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { study, crumbs } = loaderData;
  return pageMetaWithTrail(matches, crumbs, { title: study.title, description: study.summary, type: "article" });
}

export function loader({ params }: Route.LoaderArgs) {
  const studies = content.caseStudies;
  const index = studies.findIndex((c) => c.slug === params.slug);
  const study = studies[index];
  if (!study) throw data(null, { status: 404, statusText: "Not Found" });
  // The list's order (newest first); after the last study the reader starts again at the first.
  const following = studies[(index + 1) % studies.length] ?? study;
  const next = { slug: following.slug, title: following.title };
  const crumbs = trailTo(SECTION_CRUMBS.caseStudies, { name: study.title, path: `/casestudies/${study.slug}` });
  return {
    study,
    crumbs,
    next,
    readingMinutes: readingMinutes(study),
    serviceTitle: SERVICE_TITLES[study.service],
  };
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadOrNotFound(args);
}
const FACT_LABELS = [
  ["name", "Name"],
  ["domain", "Domain / Category"],
  ["technology", "Technology"],
  ["tools", "Tools"],
  ["application", "Application"],
  ["language", "Language"],
] as const;

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { study, crumbs, next, serviceTitle } = loaderData;
  const sectionKeys = (Object.keys(CASE_STUDY_SECTIONS) as CaseStudySectionKey[]).filter((k) => study.sections[k]);
  // The outcome first, then the story: the section that tells it leads, under "Results".
  const resultKey = sectionKeys.find((k) => CASE_STUDY_RESULT_SECTIONS.includes(k));
  const storyKeys = sectionKeys.filter((k) => k !== resultKey);
  return (
    <>
      <Banner title={keepTerms(study.title)} eyebrow={SERVICE_TITLES[study.service]} art="case-studies" crumbs={crumbs}>
        <CaseStudyDateline date={study.date} readingMinutes={loaderData.readingMinutes} className="banner__meta" />
      </Banner>

      <div className="section">
        <div className="container case-layout">
          {/* The study's picture leads, before the facts: on a phone it is on the first screen (its
              largest paint) and the facts follow it; on a wide screen the facts stand beside it. */}
          <Picture
            image={study.image}
            className="rounded-art case-layout__image"
            sizes={IMAGE_SIZES.pageBody}
            priority
          />
          <aside className="case-facts" aria-labelledby="facts-title">
            <h2 id="facts-title" className="case-facts__title">
              Project at a Glance
            </h2>
            <dl>
              {FACT_LABELS.map(([key, label]) =>
                study.facts[key] ? (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{keepTerms(study.facts[key])}</dd>
                  </div>
                ) : null,
              )}
            </dl>
            <p className="case-facts__more">
              More in <Link to={`/services/${study.service}`}>{serviceTitle}</Link>
            </p>
          </aside>

          <article className="case-body prose">
            <section className="case-results" aria-labelledby="results-title">
              <h2 id="results-title">Results</h2>
              <p className="lead case-results__line">{keepTerms(study.result)}</p>
              {resultKey && <CaseSection sectionKey={resultKey} study={study} />}
            </section>
            {storyKeys.map((key) => (
              <section key={key} aria-labelledby={`section-${key}`}>
                <h2 id={`section-${key}`}>{CASE_STUDY_SECTIONS[key]}</h2>
                <CaseSection sectionKey={key} study={study} />
              </section>
            ))}
            <section className="case-cta" aria-labelledby="case-cta-title">
              <h2 id="case-cta-title" className="case-cta__title">
                Talk to Our Engineers
              </h2>
              <p>
                Planning something similar in silicon, FPGA, embedded or hardware? Tell us about it: an engineer replies
                within one working day.
              </p>
              <Link to="/contact" className="button button--accent">
                Start a conversation
              </Link>
            </section>
            <nav className="case-next" aria-label="Next case study">
              <Link to={`/casestudies/${next.slug}`} rel="next" className="case-next__link">
                <span className="eyebrow case-next__label">Next case study</span>
                <span className="case-next__title">{keepTerms(next.title)}</span>
                <ChevronRightIcon />
              </Link>
            </nav>
          </article>
        </div>
      </div>
    </>
  );
}

function CaseSection({
  sectionKey,
  study,
}: {
  sectionKey: CaseStudySectionKey;
  study: Route.ComponentProps["loaderData"]["study"];
}) {
  if (sectionKey === "accomplishments") {
    const a = study.sections.accomplishments;
    if (!a) return null;
    return (
      <>
        <h3>Verification of the Decoder Scheme</h3>
        <ul className="ticks">
          {a.decoderSchemeVerification.map((item) => (
            <li key={item}>{keepStrandableTerms(item)}</li>
          ))}
        </ul>
        <h3>Verification of the Encoder Scheme</h3>
        <p>{keepStrandableTerms(a.encoderSchemeVerification)}</p>
      </>
    );
  }
  const section = study.sections[sectionKey];
  if (!section) return null;
  return (
    <>
      {sectionKey === "projectDescription"
        ? study.sections.projectDescription?.desc?.map((html) => <InlineHtmlParagraph key={html} html={html} />)
        : section.desc?.map((p) => <p key={p}>{keepStrandableTerms(p)}</p>)}
      {section.pointers && (
        <ul className="ticks">
          {section.pointers.map((item) => (
            <li key={item}>{keepStrandableTerms(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A paragraph of the project description, which may carry links, emphasis and line
 * breaks. Takes only InlineHtml, which the content loader makes by sanitising at build
 * time (decision 0009): a raw string from a content file is a type error here.
 */
function InlineHtmlParagraph({ html }: { html: InlineHtml }) {
  return <p dangerouslySetInnerHTML={{ __html: html }} />;
}
