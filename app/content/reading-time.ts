import type { CaseStudyEntry } from "./load.ts";

const WORDS_PER_MINUTE = 200;

/** Minutes to read a case study at 200 words a minute, at least one. */
export function readingMinutes(study: CaseStudyEntry): number {
  // The project description's inline HTML counts by its words, not its tags.
  const words = JSON.stringify(study.sections)
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** What a case study's card shows. */
export function toCard(study: CaseStudyEntry) {
  const { slug, title, result, service, date, thumbnail } = study;
  return { slug, title, result, service, date, thumbnail, readingMinutes: readingMinutes(study) };
}
