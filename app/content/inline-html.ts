/**
 * The type of a case study's project description paragraphs once sanitised (decision
 * 0009). Only `inline-html.server.ts` makes one, at build time, so a raw string from a
 * content file cannot reach `dangerouslySetInnerHTML` without a type error. Types only:
 * nothing here reaches the browser bundle.
 */
declare const inlineHtmlBrand: unique symbol;

/** HTML limited to `a` (http, https or mailto), `em`, `strong` and `br`; safe to render. */
export type InlineHtml = string & { readonly [inlineHtmlBrand]: true };
