/**
 * The `sizes` of each image slot: how wide the layout draws it at each screen width, so the
 * browser picks a photograph's file (decision 0020) before the CSS arrives. Each mirrors
 * the CSS named beside it (container: min(100vw - 3rem, 72rem), so fixed from 75em;
 * breakpoints 40, 48 and 64em); change it with that CSS. Only calc(), which every browser
 * and the HTML checker take in `sizes`. SVG art ignores them.
 */
export const IMAGE_SIZES = {
  /** The body of a case study or service page: the whole column, beside a 20rem aside from 64em. */
  pageBody: "(min-width: 75em) 48rem, (min-width: 64em) calc(100vw - 27rem), calc(100vw - 3rem)",
  /** One half of a `.split--media` (image beside text) from 64em, gap 2.5rem; stacked below, the whole column. */
  splitHalf: "(min-width: 75em) 34.75rem, (min-width: 64em) calc(50vw - 2.75rem), calc(100vw - 3rem)",
  /** A card of `.grid--3`: one, two (40em) or three (64em) columns, gap 2rem. */
  card: "(min-width: 75em) 22.7rem, (min-width: 64em) calc(33.3vw - 2.4rem), (min-width: 40em) calc(50vw - 2.5rem), calc(100vw - 3rem)",
  /** A partner tile (`.partners li`): three columns (0.25rem padding, then 1.5rem at the sides from 40em), six from 64em (0.5rem). */
  partner:
    "(min-width: 75em) 10.2rem, (min-width: 64em) calc(16.7vw - 2.4rem), (min-width: 40em) calc(33.3vw - 4.7rem), calc(33.3vw - 1.9rem)",
  /** The life gallery: two columns, four from 48em (gap 1.5rem). */
  gallery: "(min-width: 75em) 16.9rem, (min-width: 48em) calc(25vw - 1.9rem), calc(50vw - 2rem)",
  /** The press grid: one column, two from 48em, three from 64em (gap 1.5rem). */
  press:
    "(min-width: 75em) 23rem, (min-width: 64em) calc(33.3vw - 2rem), (min-width: 48em) calc(50vw - 2.25rem), calc(100vw - 3rem)",
  /** A gallery picture enlarged in its dialog (the figure is at most 75rem). */
  enlarged: "(min-width: 75em) 75rem, 100vw",
  /** The brochure in the service page's 20rem side column (shown from 64em). */
  brochureAside: "20rem",
  /** The brochure card's thumbnail column in the text's flow (below 64em). */
  brochureCard: "4.5rem",
} as const;
