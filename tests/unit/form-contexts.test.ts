/**
 * The server takes React Router's context keys from the build it loads (a key is matched
 * by identity, so it must be the bundle's own object), with a check instead of a cast:
 * the keys the app's server entry exports are the ones returned, and a build without
 * them is refused with a message that says what to do.
 */
import { describe, expect, it } from "vitest";
import * as entry from "../../app/entry.server.tsx";
import { requestContext, servicesContext } from "../../app/services.server.ts";
import { formContextsOf } from "../../common/form-services.ts";

describe("formContextsOf", () => {
  it("returns the very keys the app's server entry exports", () => {
    const keys = formContextsOf(entry);
    expect(keys.servicesContext).toBe(servicesContext);
    expect(keys.requestContext).toBe(requestContext);
  });

  it("refuses an entry without them: {}, only one key, or keys that are not objects", () => {
    const bad = [{}, { servicesContext: {} }, { servicesContext: "x", requestContext: 1 }];
    for (const module of bad) {
      expect(() => formContextsOf(module), JSON.stringify(module)).toThrow(
        "The build's server entry does not export servicesContext and requestContext: build again.",
      );
    }
  });
});
