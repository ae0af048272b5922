/**
 * The day every test build and check counts as today (BUILD_DATE, common/build-date.ts),
 * unless BUILD_DATE is set: the content's openings are open on it, so the suite gives the
 * same answer whatever the calendar says. `npm test` and vitest.config.ts set it.
 */
export const TEST_BUILD_DATE = "2026-12-01";
