/**
 * A link that marks itself `aria-current="page"` when it points at the page being shown.
 * React Router's NavLink compares paths exactly, and prerendered pages are rendered at
 * "/about/" (with a slash), so it would never mark them; this compares without it.
 */
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

export function useCurrentPath(): string {
  return normalisePath(useLocation().pathname);
}

export function PageLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const current = useCurrentPath() === to;
  return (
    <Link to={to} className={className} aria-current={current ? "page" : undefined}>
      {children}
    </Link>
  );
}
