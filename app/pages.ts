/**
 * The site's pages, grouped as the menus group them: the one list that app/routes.ts,
 * the prerender list and sitemap (app/content/paths.ts), the openings lists
 * (routes/jobs.tsx) and the tests read. A page with `content` stands for one page per
 * file in that content folder (the file's name is the slug; `npm run check:content`
 * enforces that). Plain data: browser code may import it.
 */

interface PageBase {
  /** The URL, or its pattern (`/casestudies/:slug`) for a content collection. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** A route id, needed when one module serves several pages. */
  id?: string;
}

export interface StaticPage extends PageBase {
  /** The page's main heading (h1). */
  heading: string;
  /** An openings list: which jobs it shows (routes/jobs.tsx). */
  openings?: "vlsi" | "software-embedded";
}

export interface ContentPages extends PageBase {
  /** The folder under app/content whose files give one page each. */
  content: "case-studies" | "jobs" | "services";
  /** Not each item's own page but another list narrowed to each item (case studies by service). */
  narrows?: "case-studies";
}

export type Page = StaticPage | ContentPages;

export const PAGES: ReadonlyArray<Page> = [
  { path: "/", file: "routes/home.tsx", heading: "SEMICONDUCTOR SERVICES" },
  { path: "/about", file: "routes/about.tsx", heading: "About Us" },
  { path: "/contact", file: "routes/contact.tsx", heading: "Contact Us" },
  // The list of case studies, then one page per file of app/content/case-studies.
  { path: "/casestudies", file: "routes/case-studies.tsx", heading: "Case Studies" },
  { path: "/casestudies/:slug", file: "routes/case-study.tsx", content: "case-studies" },
  // The list narrowed to one service: a page per service file, prerendered, so the filter
  // is a plain link that works without JavaScript and on the static build.
  {
    path: "/casestudies/service/:id",
    file: "routes/case-studies.tsx",
    id: "case-studies-by-service",
    content: "services",
    narrows: "case-studies",
  },
  // The overview of the careers section, where its breadcrumb leads (decision 0046).
  { path: "/careers", file: "routes/careers.tsx", heading: "Careers" },
  // Careers: the openings lists (/careers/jobs is the VLSI list; one module serves every
  // list) and each job's page, then the pages about working here.
  { path: "/careers/jobs", file: "routes/jobs.tsx", id: "jobs", heading: "Current Openings", openings: "vlsi" },
  {
    path: "/careers/jobs/vlsi",
    file: "routes/jobs.tsx",
    id: "jobs-vlsi",
    heading: "VLSI Openings",
    openings: "vlsi",
  },
  { path: "/careers/jobs/vlsi/:slug", file: "routes/job.tsx", content: "jobs" },
  {
    path: "/careers/jobs/software-embedded",
    file: "routes/jobs.tsx",
    id: "jobs-software-embedded",
    heading: "Software and Embedded Openings",
    openings: "software-embedded",
  },
  { path: "/careers/life-blueberry", file: "routes/life.tsx", heading: "Why Join Blueberry?" },
  { path: "/careers/testimonials", file: "routes/testimonials.tsx", heading: "Testimonials" },
  { path: "/careers/press-media", file: "routes/press-media.tsx", heading: "Press & Media" },
  // The six services on one page, where the breadcrumb leads (decision 0046), then each one's page.
  { path: "/services", file: "routes/services.tsx", heading: "Services" },
  { path: "/services/:id", file: "routes/service.tsx", content: "services" },
  { path: "/privacy", file: "routes/privacy.tsx", heading: "Privacy Notice" },
];

/**
 * Routes that are not pages of the site: only the server build has them (they need the
 * store), they are never prerendered, in the sitemap or in a menu, and search engines are
 * told not to index them. The static build leaves them out of its route table.
 */
export const SERVER_ONLY_ROUTES: ReadonlyArray<PageBase> = [
  // The applicant's own data, behind the signed link in their confirmation (decision 0017).
  { path: "/my-application/:token", file: "routes/my-application.tsx" },
];

function isContentPages(page: Page): page is ContentPages {
  return "content" in page;
}

export const STATIC_PAGES: readonly StaticPage[] = PAGES.filter((page): page is StaticPage => !isContentPages(page));

export const CONTENT_PAGES: readonly ContentPages[] = PAGES.filter(isContentPages);

/** A content page's URL: the collection's pattern with the file's slug in it. */
export function contentPagePath(pages: ContentPages, slug: string): string {
  return pages.path.replace(/:\w+$/, slug);
}
