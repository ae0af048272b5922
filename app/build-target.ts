/**
 * Which of the two builds this code is part of (decision 0006):
 * - the server build (`npm run build`): prerendered pages and our Node server; forms post
 *   to route actions and are stored before they are delivered;
 * - the static build (`npm run build:static`): the same pages for any static host; forms
 *   send from the browser through EmailJS and Firebase Storage, as the company's current
 *   site does.
 *
 * vite.config.ts writes the value into the bundle as a literal, so the bundler drops the
 * other build's submit path. (Node tools read BUILD_TARGET: common/build-target.ts.)
 */
export const IS_STATIC_BUILD = import.meta.env.BLUEBERRY_BUILD_TARGET === "static";
