/** Any path no other route matches: the 'Not Found...' screen with status 404. */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFoundRoute() {
  return null;
}
