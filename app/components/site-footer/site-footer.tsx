/** The footer on every screen: quick links, the careers pages, the services, contact, social. */
import { Link } from "react-router";
import { careersLinks, footerQuickLinks, type NavLink as NavLinkItem, serviceLinks } from "~/content/navigation.ts";
import { site } from "~/content/site.ts";
import { MailIcon, PhoneIcon, PinIcon } from "../icons.tsx";
import { PageLink } from "../page-link.tsx";
import { SocialLinks } from "../social-links.tsx";
import "./site-footer.css";

function LinkList({ links }: { links: NavLinkItem[] }) {
  return (
    <ul className="site-footer__links">
      {links.map((link) => (
        <li key={link.to}>
          <PageLink to={link.to}>{link.label}</PageLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  const { address } = site;
  return (
    <footer className="site-footer render-when-near">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo" aria-label="Blueberry Semiconductors, home">
            <img src="/images/brand/logo.svg" alt="" width="220" height="48" loading="lazy" />
          </Link>
          <p>{site.description}</p>
          <SocialLinks />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <LinkList links={footerQuickLinks} />
        </nav>
        <nav aria-labelledby="footer-careers">
          <h2 id="footer-careers" className="site-footer__heading">
            Careers
          </h2>
          <LinkList links={careersLinks} />
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="site-footer__heading">
            Services
          </h2>
          <LinkList links={serviceLinks} />
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <address className="site-footer__contact">
            <p className="site-footer__address">
              <PinIcon />
              <span>
                {site.legalName}
                <br />
                {address.street}, {address.locality}, {address.region} {address.postalCode}, {address.countryName}
              </span>
            </p>
            <p>
              <MailIcon />
              <a href={`mailto:${site.email.info}`}>{site.email.info}</a>
            </p>
            <p>
              <PhoneIcon />
              <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a>
            </p>
          </address>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {new Date().getFullYear()} {site.legalName}. All rights reserved.
        </p>
        <p>
          <Link to="/privacy">Privacy notice</Link>
        </p>
      </div>
    </footer>
  );
}
