/** How the server reads a request target and a Host: never by throwing, never a path read as a host. */
import { describe, expect, it } from "vitest";
import { isValidHost, parseTarget, sameOriginPath } from "../../server/request-target.ts";

describe("parseTarget", () => {
  it.each([
    ["/about", "/about", ""],
    ["/contact?sent=1", "/contact", "?sent=1"],
    // A URL parser given a base reads these as a host, or throws on them.
    ["//", "//", ""],
    ["//?a=1", "//", "?a=1"],
    ["//[", "//[", ""],
    ["//:99999", "//:99999", ""],
    ["//a:b@", "//a:b@", ""],
    ["//evil.example/x", "//evil.example/x", ""],
    // Dot segments and backslashes as a browser's URL parser resolves them.
    ["/./\\evil.example/", "//evil.example/", ""],
    ["/%2e//evil.example/", "//evil.example/", ""],
    ["/careers/../about", "/about", ""],
    // The absolute form gives its path and query.
    ["http://localhost/about?x=1", "/about", "?x=1"],
    ["HTTPS://evil.example//x", "//x", ""],
  ])("%s is the path %s with the query %j", (raw, pathname, search) => {
    expect(parseTarget(raw)).toEqual({ pathname, search });
  });

  it.each(["ftp://localhost/", "localhost:443", "about", "http://localhost:99999/", "http://[::1/", ""])(
    "%j is no target of ours (null)",
    (raw) => {
      expect(parseTarget(raw)).toBeNull();
    },
  );

  it("keeps the asterisk form for the caller", () => {
    expect(parseTarget("*")).toBe("*");
  });
});

describe("sameOriginPath", () => {
  it.each([
    ["//evil.example", "/evil.example"],
    ["///evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["", "/"],
    ["/about", "/about"],
    ["/x//evil.example", "/x//evil.example"],
  ])("%j becomes %j, which no browser reads as another site", (path, expected) => {
    expect(sameOriginPath(path)).toBe(expected);
    expect(new URL(sameOriginPath(path), "https://site.test/here").host).toBe("site.test");
  });
});

describe("isValidHost", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "www.example.com",
    "127.0.0.1:80",
    "[::1]",
    "[::1]:3000",
    "xn--e1afmkfd.example",
  ])("%s is a host", (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each(["[::1", "x:99999", "x:0", "a b", "evil.example/path", "x@y", "", ":80", "[zz]", "a?b", "a#b", "é.example"])(
    "%j is not",
    (host) => {
      expect(isValidHost(host)).toBe(false);
    },
  );
});
