/**
 * The guard in front of every route action, so no action has to remember it: the post
 * must come from our own origin (or ALLOWED_ORIGINS), and its client must be under the
 * rate limit. The server puts it around each action of the build it loads
 * (`guardActions`); a refusal is the action's answer, so the form shows its message
 * under itself, with JavaScript and without. See docs/decisions/0004 and 0011.
 */
import {
  type ActionFunction,
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type ServerBuild,
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
} from "react-router";
import type { PostRateLimit } from "./rate-limit.ts";

export const REFUSALS = {
  crossOrigin: "This form can only be sent from our own website. Please open the page again and resend it.",
  tooMany: "Too many submissions from your network in a short time. Please wait a few minutes and try again.",
} as const;

/** What the guard needs to know about one post, decided by the server (server/request-facts.ts). */
export interface PostFacts {
  clientAddress: string;
  publicOrigin: string;
}

export interface FormGuard {
  /** The form's answer when the post is refused; otherwise runs `action` and settles the limit. */
  run(request: Request, facts: PostFacts, action: () => Promise<unknown>): Promise<unknown>;
}

export function createFormGuard(options: { allowedOrigins: readonly string[]; rateLimit: PostRateLimit }): FormGuard {
  const { allowedOrigins, rateLimit } = options;
  return {
    async run(request, facts, action) {
      // First, and not counted: another site could make a visitor's browser post here to
      // use up that visitor's limit. A client already over the limit is still told that.
      const origin = originOf(request.headers.get("Origin")) ?? originOf(request.headers.get("Referer"));
      if (origin === null || (origin !== facts.publicOrigin && !allowedOrigins.includes(origin))) {
        const retryAfter = await rateLimit.retryAfter(facts.clientAddress);
        if (retryAfter !== null) return refusal(REFUSALS.tooMany, 429, { "Retry-After": String(retryAfter) });
        return refusal(REFUSALS.crossOrigin, 403);
      }
      const admission = await rateLimit.admit(facts.clientAddress);
      if (!admission.admitted) {
        return refusal(REFUSALS.tooMany, 429, { "Retry-After": String(admission.retryAfterSeconds) });
      }
      let answer: unknown;
      try {
        answer = await action();
      } catch (error) {
        await admission.notAccepted();
        throw error;
      }
      if (statusOf(answer) >= 400) await admission.notAccepted();
      return answer;
    },
  };
}

/**
 * The build with every route action behind `guard`. A route with an action and no
 * `headers` of its own passes its action's headers on (React Router drops them
 * otherwise), so a 429 carries Retry-After. React Router's own origin check is opened:
 * ours replaces it, and answers with the form's message instead of a bare 400.
 */
export function guardActions(
  build: ServerBuild,
  guard: FormGuard,
  factsOf: (context: ActionFunctionArgs["context"]) => PostFacts,
): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route?.module.action as ActionFunction | undefined;
    if (!route || !action) {
      routes[id] = route;
      continue;
    }
    const guarded: ActionFunction = (args) => guard.run(args.request, factsOf(args.context), async () => action(args));
    routes[id] = {
      ...route,
      module: { ...route.module, action: guarded, headers: route.module.headers ?? passActionHeaders },
    };
  }
  return { ...build, routes, allowedActionOrigins: ["**"] };
}

const passActionHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
};

/** A refusal that is not about one field: the line under the form (FormReply's `result`). */
function refusal(message: string, status: number, headers: Record<string, string> = {}) {
  return data({ result: { ok: false, message } }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The status an action's answer will have: a Response's, data()'s, or 200 for plain data. */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (isDataWithInit(answer)) return answer.init?.status ?? 200;
  return 200;
}

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** What `data(value, init)` returns (React Router exports its class as a type only). */
function isDataWithInit(answer: unknown): answer is DataWithResponseInit<unknown> {
  return (
    typeof answer === "object" && answer !== null && (answer as { type?: unknown }).type === "DataWithResponseInit"
  );
}
