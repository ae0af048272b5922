import { site } from "~/content/site.ts";
import { FacebookIcon, LinkedInIcon, XIcon } from "./icons.tsx";

/** The company's social profiles, from the one site config (footer and contact page). */
export function SocialLinks() {
  const links = [
    { href: site.social.facebook, label: "Facebook", icon: <FacebookIcon /> },
    { href: site.social.x, label: "X (Twitter)", icon: <XIcon /> },
    { href: site.social.linkedin, label: "LinkedIn", icon: <LinkedInIcon /> },
  ];
  return (
    <ul className="social-links">
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.href} rel="noopener noreferrer" target="_blank">
            {link.icon}
            <span className="visually-hidden">
              {site.name} on {link.label} (opens in a new tab)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
