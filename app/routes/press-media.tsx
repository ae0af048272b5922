import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { ImageGallery } from "~/components/image-gallery.tsx";
import { content } from "~/content/catalog.server.ts";
import { formatDayMonthYear } from "~/lib/format.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/press-media";

const crumbs = trailTo(SECTION_CRUMBS.careers, { name: "Press & Media", path: "/careers/press-media" });

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Press & Media",
    description:
      "Blueberry Semiconductors in the news: interviews, awards, events and campus drives of our Bengaluru chip-design and embedded-engineering team.",
  });
}

/** Newest first, whatever the order of press.ts; items of one day by headline. */
export function loader() {
  const newestFirst = content.press.toSorted((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  return {
    items: newestFirst.map((p) => {
      const dateLabel = formatDayMonthYear(p.date);
      return {
        image: p.image,
        caption: `${p.title}, ${p.source}, ${dateLabel}`,
        press: { headline: p.title, source: p.source, date: p.date, dateLabel, url: p.url },
      };
    }),
  };
}

export default function PressMedia({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Banner
        title="Press & Media"
        eyebrow="Careers"
        tagline="Interviews, awards, events and campus drives. Select an image to enlarge it."
        art="press-media"
        crumbs={crumbs}
      />
      <section className="section" aria-label="Press images">
        <div className="container">
          <ImageGallery items={loaderData.items} variant="press" firstIsLargestPaint />
        </div>
      </section>
      <ClosingCta band="careers" after="plain" />
    </>
  );
}
