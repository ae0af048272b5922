import { Avatar } from "~/components/avatar.tsx";
import { Banner } from "~/components/banner.tsx";
import { ClosingCta } from "~/components/closing-cta.tsx";
import { Picture } from "~/components/picture.tsx";
import { content } from "~/content/catalog.server.ts";
import type { SizedImage } from "~/content/load.ts";
import { pageMetaWithTrail, SECTION_CRUMBS, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/testimonials";
import { keepStrandableTerms } from "~/lib/keep-terms.tsx";

const crumbs = trailTo(SECTION_CRUMBS.careers, { name: "Testimonials", path: "/careers/testimonials" });

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Testimonials",
    description:
      "Engineers at Blueberry Semiconductors on first tape-outs, mentoring, learning UVM and growing from graduate to lead in our Bengaluru team.",
  });
}

export function loader() {
  // The featured quote leads the grid as its large first card, so no quote is shown twice.
  const testimonials = content.testimonials
    .map(({ name, designation, message, featured, portrait }) => ({
      name,
      designation,
      message,
      featured: featured ?? false,
      portrait,
    }))
    .toSorted((a, b) => Number(b.featured) - Number(a.featured));
  return { testimonials };
}

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { testimonials } = loaderData;
  return (
    <>
      <Banner
        title="Testimonials"
        eyebrow="Careers"
        tagline="In their own words: what it is like to build chips, boards and firmware at Blueberry."
        art="testimonials"
        crumbs={crumbs}
      />
      <section className="section section--tint" aria-labelledby="voices-title">
        <div className="container">
          <h2 id="voices-title" className="section-heading">
            Voices from the Team
          </h2>
          <ul className="grid grid--3 testimonial-grid">
            {testimonials.map((t) => (
              <li key={t.name} className={t.featured ? "testimonial-grid__featured" : undefined}>
                <figure className={t.featured ? "testimonial testimonial--featured on-dark" : "testimonial"}>
                  <QuoteWithAuthor testimonial={t} avatarSize={t.featured ? 64 : undefined} />
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ClosingCta band="careers" after="tint" />
    </>
  );
}

interface QuoteWithAuthorProps {
  testimonial: { name: string; designation: string; message: string; portrait?: SizedImage };
  avatarSize?: number;
}

/** A testimonial's words and who said them: the inside of its figure. */
function QuoteWithAuthor({ testimonial, avatarSize = 56 }: QuoteWithAuthorProps) {
  return (
    <>
      <blockquote>
        <p>{keepStrandableTerms(testimonial.message)}</p>
      </blockquote>
      <figcaption>
        {testimonial.portrait ? (
          <Picture
            image={testimonial.portrait}
            className="avatar"
            sizes={`${avatarSize}px`}
            box={{ width: avatarSize, height: avatarSize }}
          />
        ) : (
          <Avatar name={testimonial.name} size={avatarSize} />
        )}
        <span>
          <strong>{testimonial.name}</strong>
          <span>{testimonial.designation}</span>
        </span>
      </figcaption>
    </>
  );
}
