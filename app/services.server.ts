/**
 * What the Node server hands to route actions through React Router's context: the
 * submissions store, the outbox, the rate limiter and the request's own facts. The
 * context keys are exported from entry.server.tsx so the server uses these very objects.
 */
import { createContext } from "react-router";
import type { SubmissionStore } from "../server/submissions/types.ts";

export interface FormServices {
  store: SubmissionStore;
  /** Asks the outbox worker to deliver soon (after a commit). */
  kickOutbox(): void;
  /** Counts a POST from `key`; false once the key is over its limit. */
  allowPost(key: string): boolean;
  settings: {
    /** A form sent faster than this after first use is probably a script. */
    minFillMs: number;
    /** Origins (scheme://host[:port]) that may post besides the site's own. */
    allowedOrigins: readonly string[];
  };
}

export interface RequestFacts {
  /** The client's address: the socket's, or the trusted proxy's forwarded one. */
  clientAddress: string;
  /** The site's own origin as the visitor sees it (behind a proxy: the forwarded one). */
  publicOrigin: string;
  /** True once the request body went past the server's cap and was cut off. */
  bodyTooLarge(): boolean;
  /** This response's CSP nonce for inline scripts. */
  nonce: string;
}

export const servicesContext = createContext<FormServices>();
export const requestContext = createContext<RequestFacts>();
