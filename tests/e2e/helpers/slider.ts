/** The related case study slider as a visitor sees it, for the pointer and keyboard tests. */
import type { Locator } from "@playwright/test";
import { aServiceWithCaseStudies } from "../../support/content-picks.ts";

/**
 * The service whose page's slider the tests drive: the first with four to six case
 * studies, which the slider shows as two pages of three at 1280 px (more than one a page
 * at 375 px, two at 768 px). Read when a test runs: only the slider's tests need it.
 */
export function sliderService(): { path: string; slides: number } {
  const { path, caseStudies } = aServiceWithCaseStudies(
    "a service with four to six case studies (its slider two pages of three at 1280 px)",
    4,
    6,
  );
  return { path, slides: caseStudies };
}

/** Indexes of the slides whose card lies wholly inside the slider's viewport. */
export function slidesInView(slider: Locator): Promise<number[]> {
  return slider.evaluate((root) => {
    const viewport = root.querySelector(".slider__viewport")?.getBoundingClientRect();
    if (!viewport) return [];
    return Array.from(root.querySelectorAll('[aria-roledescription="slide"]')).flatMap((slide, i) => {
      const box = (slide.firstElementChild ?? slide).getBoundingClientRect();
      return box.width > 0 && box.left >= viewport.left - 2 && box.right <= viewport.right + 2 ? [i] : [];
    });
  });
}
