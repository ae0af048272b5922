/** schema.org JobPosting for a job page (Google's required and recommended fields). */
import type { JobEntry } from "~/content/load.ts";
import { site } from "~/content/site.ts";

export function jobPostingJsonLd(siteUrl: string, job: JobEntry): object {
  const { address } = site;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: [...job.description.map((p) => `<p>${escapeHtml(p)}</p>`), listHtml(job.responsibilities)].join(""),
    datePosted: job.datePosted,
    validThrough: `${job.validThrough}T23:59:59+05:30`,
    employmentType: job.employmentType,
    directApply: true,
    url: new URL(`/careers/jobs/vlsi/${job.slug}`, siteUrl).href,
    identifier: { "@type": "PropertyValue", name: site.name, value: job.slug },
    hiringOrganization: {
      "@type": "Organization",
      name: site.name,
      sameAs: siteUrl,
      logo: new URL("/icons/icon-512.png", siteUrl).href,
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        streetAddress: address.street,
        addressLocality: job.location.city,
        addressRegion: job.location.region,
        postalCode: address.postalCode,
        addressCountry: job.location.country,
      },
    },
    experienceRequirements: {
      "@type": "OccupationalExperienceRequirements",
      monthsOfExperience: job.experienceYears.min * 12,
    },
    educationRequirements: job.preferredEducation.map((e) => ({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "bachelor degree",
      description: e,
    })),
    skills: job.areasOfExpertise.join(", "),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function listHtml(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
}
