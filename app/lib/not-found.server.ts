/**
 * The catch-all route's action: a post to a page that does not exist finds no page, as a
 * GET does, and gets the 'Not Found...' screen with 404 (not React Router's 405 for a
 * route without an action, whose screen would say "Unexpected Application Error!").
 */
import { data } from "react-router";

export function notFoundAction(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}
