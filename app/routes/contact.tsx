import { Banner } from "~/components/banner.tsx";
import { CONTACT_SENT } from "../../common/page-queries.ts";
import { ContactForm } from "~/components/forms/contact-form.tsx";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/icons.tsx";
import { OfficeMap } from "~/components/office-map.tsx";
import { SocialLinks } from "~/components/social-links.tsx";
import { site } from "~/content/site.ts";
import { contactClientAction } from "~/forms/contact/client-action.ts";
import { CONTACT_SUCCESS } from "~/forms/contact/messages.ts";
import { pageMetaWithTrail, trailTo } from "~/lib/seo.ts";
import type { Route } from "./+types/contact";

const crumbs = trailTo({ name: "Contact", path: "/contact" });

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaWithTrail(matches, crumbs, {
    title: "Contact Us",
    description:
      "Talk to Blueberry Semiconductors in Bengaluru about chip design, verification, FPGA, embedded or hardware work, or about a career with us.",
  });
}

export function loader({ request }: Route.LoaderArgs) {
  // After a post without JavaScript the visitor lands on /contact?sent=1 (post/redirect/get).
  return { sent: new URL(request.url).searchParams.has(CONTACT_SENT) };
}

// The server build's submit path; the static build leaves this line out (decision 0006).
export { contactAction as action } from "~/forms/contact/action.server.ts";

export async function clientAction(args: Route.ClientActionArgs) {
  return contactClientAction(args);
}

const EMAILS = [
  { label: "Business enquiries", address: site.email.business },
  { label: "Information", address: site.email.info },
  { label: "Careers", address: site.email.careers },
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { address } = site;
  return (
    <>
      <Banner
        title="Contact Us"
        eyebrow="Get in touch"
        tagline="Tell us about your chip, board or product. An engineer, not a call centre, replies within one working day."
        art="contact"
        crumbs={crumbs}
      />
      <div className="section">
        <div className="container contact-layout">
          <section aria-labelledby="form-title" className="contact-form-panel">
            <h2 id="form-title">Send Us a Message</h2>
            <p>All fields are required.</p>
            {/* An explicit action: prerendered pages would otherwise post to "/contact/". */}
            <ContactForm
              action="/contact"
              reply={actionData}
              arrivedWith={loaderData.sent ? { ok: true, message: CONTACT_SUCCESS } : undefined}
            />
          </section>
          <section aria-labelledby="office-title" className="contact-info">
            <h2 id="office-title">Head Office</h2>
            <address>
              <p className="contact-info__line">
                <PinIcon />
                <span>
                  {site.legalName}
                  <br />
                  {address.street}
                  <br />
                  {address.locality}, {address.region} {address.postalCode}, {address.countryName}
                </span>
              </p>
              <ul className="contact-info__emails">
                {EMAILS.map((e) => (
                  <li key={e.address} className="contact-info__line contact-info__line--email">
                    <MailIcon />
                    <span>{e.label}:</span>{" "}
                    <a className="contact-info__email" href={`mailto:${e.address}`}>
                      {e.address}
                    </a>
                  </li>
                ))}
              </ul>
              <p className="contact-info__line">
                <PhoneIcon />
                <span>
                  Phone: <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a>
                </span>
              </p>
            </address>
            <h3>Follow Us</h3>
            <div className="contact-info__social">
              <SocialLinks />
            </div>
            <h3>Find Us</h3>
            <OfficeMap />
          </section>
        </div>
      </div>
    </>
  );
}
