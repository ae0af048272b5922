/**
 * What the Node server hands to route actions through React Router's context: the
 * submissions store, the outbox and the request's own facts. The origin check and the
 * rate limit are not here: the server runs them in front of every action
 * (server/form-guard.ts).
 *
 * The context keys themselves are created in the app (app/services.server.ts) and
 * exported by its server entry, because a key is matched by identity and the app is
 * bundled while the server is not: the server takes them from the build it loads
 * (`formContextsOf`).
 */
import type { RouterContext } from "react-router";
import type { SubmissionStore } from "./submissions.ts";

export interface FormServices {
  store: SubmissionStore;
  /** Asks the outbox worker to deliver soon (after a commit). */
  kickOutbox(): void;
  settings: {
    /** A form sent faster than this after first use is probably a script. */
    minFillMs: number;
  };
}

export interface RequestFacts {
  /** The client's address: the socket's, or the trusted proxy's (server/request-facts.ts). */
  clientAddress: string;
  /** The site's own origin as the visitor sees it (behind a proxy: the forwarded one). */
  publicOrigin: string;
  /** True once the request body went past the server's cap and was cut off. */
  bodyTooLarge(): boolean;
  /** This response's CSP nonce for inline scripts. */
  nonce: string;
}

/** The keys app/entry.server.tsx exports. */
export interface FormContexts {
  servicesContext: RouterContext<FormServices>;
  requestContext: RouterContext<RequestFacts>;
}

// A key is an opaque object; what it carries is the app's promise, which the types record.
function isContextKey<T>(value: unknown): value is RouterContext<T> {
  return typeof value === "object" && value !== null;
}

/** The build's context keys, checked: a build without them cannot serve a form. */
export function formContextsOf(entryModule: object): FormContexts {
  const servicesContext: unknown = Reflect.get(entryModule, "servicesContext");
  const requestContext: unknown = Reflect.get(entryModule, "requestContext");
  if (!isContextKey<FormServices>(servicesContext) || !isContextKey<RequestFacts>(requestContext)) {
    throw new Error("The build's server entry does not export servicesContext and requestContext: build again.");
  }
  return { servicesContext, requestContext };
}
