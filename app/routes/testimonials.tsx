import { Link } from "react-router";
import { Avatar } from "~/components/avatar";
import { Banner } from "~/components/banner";
import { content } from "~/content/catalog.server";
import { pageMetaWithTrail, type Trail } from "~/lib/seo";
import type { Route } from "./+types/testimonials";

const crumbs: Trail = [
  { name: "Home", path: "/" },
  { name: "Careers", path: "/careers/jobs" },
  { name: "Testimonials", path: "/careers/testimonials" },
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Testimonials",
    description:
      "Engineers at Blueberry Semiconductors on first tape-outs, mentoring, learning UVM and growing from graduate to lead in our Bengaluru team.",
  });
}

export function loader() {
  const testimonials = content.testimonials.map(({ name, designation, message, featured }) => ({
    name,
    designation,
    message,
    featured: featured ?? false,
  }));
  return { testimonials };
}

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { testimonials } = loaderData;
  const featured = testimonials.find((t) => t.featured);
  return (
    <>
      <Banner
        title="Testimonials"
        eyebrow="Careers"
        tagline="In their own words: what it is like to build chips, boards and firmware at Blueberry."
        art="testimonials"
        crumbs={crumbs}
      />
      {featured && (
        <section className="section featured-quote" aria-label="Featured testimonial">
          <figure className="container">
            <QuoteWithAuthor testimonial={featured} avatarSize={64} />
          </figure>
        </section>
      )}
      <section className="section section--tint" aria-labelledby="voices-title">
        <div className="container">
          <h2 id="voices-title" className="section-heading">
            Voices from the team
          </h2>
          <ul className="grid grid--3 testimonial-grid">
            {testimonials.map((t) => (
              <li key={t.name}>
                <figure className="testimonial">
                  <QuoteWithAuthor testimonial={t} />
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--dark closing-banner" aria-labelledby="closing-title">
        <div className="container closing-banner__inner">
          <div>
            <h2 id="closing-title">Write the next story with us</h2>
            <p className="lead">
              Seven openings across analog, physical design, DFT, verification and RTL, for every level.
            </p>
          </div>
          <Link className="button button--accent" to="/careers/jobs">
            Apply now
          </Link>
        </div>
      </section>
    </>
  );
}

interface QuoteWithAuthorProps {
  testimonial: { name: string; designation: string; message: string };
  avatarSize?: number;
}

/** A testimonial's words and who said them: the inside of its figure. */
function QuoteWithAuthor({ testimonial, avatarSize }: QuoteWithAuthorProps) {
  return (
    <>
      <blockquote>
        <p>{testimonial.message}</p>
      </blockquote>
      <figcaption>
        <Avatar name={testimonial.name} size={avatarSize} />
        <span>
          <strong>{testimonial.name}</strong>
          <span>{testimonial.designation}</span>
        </span>
      </figcaption>
    </>
  );
}
