import { Banner } from "~/components/banner";
import { content } from "~/content/catalog.server";
import { retentionDays } from "~/content/retention";
import { breadcrumbJsonLd, type Crumb, pageMeta, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/privacy";

const crumbs: Crumb[] = [
  { name: "Home", path: "/" },
  { name: "Privacy notice", path: "/privacy" },
];

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFrom(matches);
  return pageMeta(siteUrl, {
    title: "Privacy Notice",
    description: loaderData.metaDescription,
    path: "/privacy",
    jsonLd: [breadcrumbJsonLd(siteUrl, crumbs)],
  });
}

export function loader() {
  const { privacy } = content;
  const days = retentionDays();
  const fill = (text: string) =>
    text.replace("{contactDays}", String(days.contact)).replace("{applicationDays}", String(days.application));
  return {
    version: privacy.version,
    metaDescription: privacy.metaDescription,
    intro: privacy.intro,
    sections: privacy.sections.map((s) => ({ ...s, body: s.body.map(fill) })),
  };
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { version, intro, sections } = loaderData;
  return (
    <>
      <Banner
        title="Privacy Notice"
        eyebrow="Your data"
        tagline="What we collect through this website, why, for how long, and how to have it deleted."
        art="privacy"
        crumbs={crumbs}
      />
      <div className="section">
        <article className="container prose">
          <p className="meta-row">
            Version of <time dateTime={version}>{dateFormat.format(new Date(version))}</time>
          </p>
          {intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.body.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
