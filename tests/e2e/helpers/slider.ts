/** The related case study slider as a visitor sees it, for the pointer and keyboard tests. */
import type { Locator } from "@playwright/test";

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
