import { IS_STATIC_BUILD } from "~/build-target.ts";
import { Banner } from "~/components/banner.tsx";
import { WithEmailLinks } from "~/components/email-links.tsx";
import { content } from "~/content/catalog.server.ts";
import { buildSettings } from "~/lib/build-settings.server.ts";
import { formatDayMonthYear } from "~/lib/format.ts";
import { pageMetaWithTrail, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/privacy";

const crumbs = trailTo({ name: "Privacy notice", path: "/privacy" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Privacy Notice",
    description: loaderData.metaDescription,
  });
}

export function loader() {
  const { privacy } = content;
  // The periods the build records and the server and the purge are held to (common/settings.ts).
  const days = buildSettings().retentionDays;
  const fill = (text: string) =>
    text.replaceAll("{contactDays}", String(days.contact)).replaceAll("{applicationDays}", String(days.application));
  return {
    version: privacy.version,
    metaDescription: privacy.metaDescription,
    intro: privacy.intro,
    // The static build's forms send through EmailJS and Firebase Storage, not to our store.
    sections: privacy.sections.map(({ heading, body, items, inStaticBuild }) => {
      const said = IS_STATIC_BUILD && inStaticBuild ? { body, items, ...inStaticBuild } : { body, items };
      return { heading, body: said.body.map(fill), items: said.items };
    }),
  };
}

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
        <div className="container">
          <article className="prose">
            <p className="meta-line">
              Version of <time dateTime={version}>{formatDayMonthYear(version)}</time>
            </p>
            {intro.map((p) => (
              <p key={p}>
                <WithEmailLinks text={p} />
              </p>
            ))}
            {sections.map((section) => (
              <section key={section.heading}>
                <h2>{section.heading}</h2>
                {section.body.map((p) => (
                  <p key={p}>
                    <WithEmailLinks text={p} />
                  </p>
                ))}
                {section.items && (
                  <ul className="ticks">
                    {section.items.map((item) => (
                      <li key={item}>
                        <WithEmailLinks text={item} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </article>
        </div>
      </div>
    </>
  );
}
