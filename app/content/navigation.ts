/** The menus of the navigation bar and footer. */
import { SERVICE_IDS, SERVICE_TITLES } from "./constants.ts";

export interface NavLink {
  label: string;
  to: string;
}
export interface NavGroup {
  /** Stable id for the submenu's DOM id and open state. */
  id: string;
  label: string;
  items: NavItem[];
}
export type NavItem = NavLink | NavGroup;

export const isGroup = (item: NavItem): item is NavGroup => "items" in item;

export const serviceLinks: NavLink[] = SERVICE_IDS.map((id) => ({ label: SERVICE_TITLES[id], to: `/services/${id}` }));

export const careersLinks: NavLink[] = [
  { label: "Life", to: "/careers/life-blueberry" },
  { label: "Current Openings", to: "/careers/jobs" },
  { label: "Testimonials", to: "/careers/testimonials" },
  { label: "Press & Media", to: "/careers/press-media" },
];

export const mainNav: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  {
    id: "careers",
    label: "Careers",
    items: [
      { label: "Life", to: "/careers/life-blueberry" },
      {
        id: "openings",
        label: "Current Openings",
        items: [
          { label: "Software and Embedded", to: "/careers/jobs/software-embedded" },
          { label: "VLSI", to: "/careers/jobs/vlsi" },
        ],
      },
      { label: "Testimonials", to: "/careers/testimonials" },
      { label: "Press & Media", to: "/careers/press-media" },
    ],
  },
  { id: "services", label: "Services", items: serviceLinks },
  { label: "Case Studies", to: "/casestudies" },
  { label: "Contact", to: "/contact" },
];

/** The sections' overview pages, not the specification's /careers/jobs (decision 0046). */
export const footerQuickLinks: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Careers", to: "/careers" },
  { label: "Case Studies", to: "/casestudies" },
  { label: "Contact", to: "/contact" },
];

/** Whether `pathname` is `to` or below it ("/" only matches itself). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Whether a group holds the current page at any depth. */
export function groupHoldsPath(group: NavGroup, pathname: string): boolean {
  return group.items.some((item) => (isGroup(item) ? groupHoldsPath(item, pathname) : isActivePath(pathname, item.to)));
}
