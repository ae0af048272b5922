/**
 * Server rendering of a request (React Router's default, streamed), plus the context
 * keys the Node server fills for route actions.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { IS_STATIC_BUILD } from "./build-target.ts";
import { NonceContext } from "./lib/nonce.ts";
import { requestContext } from "./services.server.ts";

export { requestContext, servicesContext } from "./services.server.ts";

/** The nonce our server made for this response; none when prerendering (hashes cover that). */
function nonceOf(loadContext: RouterContextProvider): string | undefined {
  try {
    return loadContext.get(requestContext).nonce;
  } catch {
    return undefined;
  }
}

export const streamTimeout = 5_000;

/**
 * Logs what went wrong while answering, as React Router would, except its 405 for a post
 * to a page without a form: a scanner's or a visitor's mistake, answered and not an error
 * of ours (the server adds `Allow`).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return;
  }
  if (error.status === 405) return;
  // React Router's own error responses carry the error behind them (not in their type).
  const cause: unknown = Reflect.get(error, "error");
  console.error(cause ?? error);
}

/** The id app/routes.ts gives the catch-all route (its file name). */
const NOT_FOUND_ROUTE_ID = "routes/not-found";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = nonceOf(loadContext);
  // A path that only the catch-all route matches is a 404. (The route cannot say so with a
  // loader: the static build allows none there, and prerenders it as 404.html, which the
  // static host sends with status 404 itself.)
  if (!IS_STATIC_BUILD && routerContext.staticHandlerContext.matches.at(-1)?.route.id === NOT_FOUND_ROUTE_ID) {
    responseStatusCode = 404;
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell are logged by React Router; these come later in the stream.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
