/**
 * Requests a hostile client might send, as raw bytes: a fixed list of the inputs that
 * have broken servers like ours (targets a URL parser reads as a host, absolute and `*`
 * forms, CONNECT, bad Host and Origin values, percent-encoding, control characters,
 * duplicate headers, overlong lines) and any number of variants generated from a fixed
 * seed, so a failure can be replayed. Each request is framed correctly (its body as long
 * as it says) and asks to close the connection, so every one is owed a status line.
 */
import { anOpenJob } from "./content-picks.ts";
import { sendRawRequest, type RawAnswer } from "./raw-http.ts";

export interface FuzzCase {
  name: string;
  bytes: Buffer;
}

export interface FuzzResult {
  case: FuzzCase;
  answer: RawAnswer;
}

/** An opening's page, which takes an application (POST with a CV). */
const JOB = anOpenJob().path;

/** A request from its parts: the request line, header lines, and a body with its length. */
export function rawRequest(
  method: string,
  target: string,
  headers: [string, string][] = [["Host", "localhost"]],
  body = "",
  version = "HTTP/1.1",
): Buffer {
  const lines = [`${method} ${target} ${version}`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (body !== "" || method === "POST") lines.push(`Content-Length: ${Buffer.byteLength(body, "latin1")}`);
  lines.push("Connection: close");
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body}`, "latin1");
}

const form = "name=Fuzz&email=fuzz%40example.com&message=hello&website=&fillMs=";

/** The inputs a probe found or that the request path's history makes worth keeping, by name. */
export function namedCases(): FuzzCase[] {
  const cases: [string, Buffer][] = [];
  const get = (target: string, headers?: [string, string][]) => rawRequest("GET", target, headers);
  // Targets a URL parser given a base reads as an authority ("//host"), some not a valid one.
  for (const target of ["//", "///", "//?a=1", "//[", "//:99999", "//a:b@", "//@", "//evil.example", "//%5B"])
    for (const method of ["GET", "HEAD", "POST", "OPTIONS", "DELETE"])
      cases.push([`${method} ${target}`, rawRequest(method, target, undefined, method === "POST" ? form : "")]);
  // The trailing-slash redirect's open-redirect variants.
  for (const target of [
    "//x//evil.example/",
    "/.//evil.example/",
    "/%2e//evil.example/",
    "/./\\evil.example/",
    "//evil.example//",
    "/\\\\evil.example/",
    "/%5C%5Cevil.example/",
  ])
    cases.push([`redirect ${target}`, get(target)]);
  // Asterisk, absolute and authority forms.
  cases.push(["OPTIONS *", rawRequest("OPTIONS", "*")]);
  cases.push(["GET *", get("*")]);
  cases.push(["GET * with a port in Host", get("*", [["Host", "localhost:3000"]])]);
  cases.push(["POST *", rawRequest("POST", "*", undefined, form)]);
  cases.push(["absolute-form", get("http://localhost/about")]);
  cases.push(["absolute-form, query", get("http://localhost/contact?sent=1")]);
  cases.push(["absolute-form, other host", get("https://evil.example//x/")]);
  cases.push(["absolute-form, bad port", get("http://localhost:99999/")]);
  cases.push(["absolute-form, other scheme", get("ftp://localhost/")]);
  cases.push(["authority-form on GET", get("localhost:443")]);
  cases.push(["CONNECT", rawRequest("CONNECT", "localhost:443", [["Host", "localhost:443"]])]);
  cases.push(["CONNECT to a path", rawRequest("CONNECT", "/about")]);
  // Host values that are not a host, on a static page, a rendered page, a post and a health check.
  for (const host of [
    "[::1",
    "[::1]:3000",
    "x:99999",
    "a b",
    "evil.example/path",
    "x@y",
    "localhost:0",
    "",
    "[zz]",
    "é.example",
  ])
    for (const [method, target, body] of [
      ["GET", "/about", ""],
      ["GET", "/no-such-page", ""],
      ["GET", "/contact?x=1", ""],
      ["POST", "/contact", form],
      ["GET", "/readyz", ""],
    ] as const)
      cases.push([
        `Host ${JSON.stringify(host)} ${method} ${target}`,
        rawRequest(method, target, [["Host", host]], body),
      ]);
  cases.push(["no Host on HTTP/1.1", rawRequest("GET", "/no-such-page", [])]);
  cases.push(["no Host on HTTP/1.0", rawRequest("GET", "/no-such-page", [], "", "HTTP/1.0")]);
  cases.push([
    "two Hosts",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["Host", "evil.example"],
    ]),
  ]);
  // Origin values that are not URLs, on a form post.
  for (const origin of [
    "not a url",
    "null",
    "http://",
    "https://[::1",
    "javascript:alert(1)",
    "%",
    "a, b",
    "http://localhost, http://x",
  ])
    cases.push([
      `Origin ${JSON.stringify(origin)}`,
      rawRequest(
        "POST",
        "/contact",
        [
          ["Host", "localhost"],
          ["Origin", origin],
          ["Content-Type", "application/x-www-form-urlencoded"],
        ],
        form,
      ),
    ]);
  // Forwarded headers a client made up (the server trusts them only with TRUST_PROXY).
  cases.push([
    "forged X-Forwarded-*",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["X-Forwarded-Host", "[::1"],
      ["X-Forwarded-Proto", "gopher"],
      ["X-Forwarded-For", "not-an-ip"],
    ]),
  ]);
  cases.push([
    "forged Forwarded",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["Forwarded", 'for="[::1;host="a b";proto=https'],
    ]),
  ]);
  // Percent-encoding and overlong paths.
  for (const target of [
    "/%",
    "/%zz",
    "/%00",
    "/about%00",
    "/%C0%AE%C0%AE/",
    "/%ff%fe",
    "/..%2f..%2fetc%2fpasswd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/cv/%",
    "/my-application/%ZZ",
    "/assets/%",
  ])
    cases.push([`percent ${target}`, get(target)]);
  cases.push(["path of 8 KB", get(`/${"a".repeat(8 * 1024)}`)]);
  cases.push(["path of 64 KB", get(`/${"a".repeat(64 * 1024)}`)]);
  cases.push(["query of 8 KB", get(`/contact?${"q=1&".repeat(2048)}`)]);
  cases.push(["8,000 slashes", get("/".repeat(8000))]);
  // Control characters and bytes outside ASCII.
  cases.push([
    "raw UTF-8 in the target",
    Buffer.concat([
      Buffer.from("GET /caf"),
      Buffer.from("é/", "utf8"),
      Buffer.from(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    ]),
  ]);
  for (const c of ["\x01", "\x7f", "\t", "\x0b", "\x1b"]) {
    cases.push([`control ${JSON.stringify(c)} in the target`, get(`/ab${c}out`)]);
    cases.push([
      `control ${JSON.stringify(c)} in a header`,
      get("/contact?x=1", [
        ["Host", "localhost"],
        ["X-Note", `a${c}b`],
      ]),
    ]);
  }
  cases.push([
    "NUL in a header",
    get("/about", [
      ["Host", "localhost"],
      ["X-Note", "a\x00b"],
    ]),
  ]);
  cases.push(["bare LF line ends", Buffer.from("GET /about HTTP/1.1\nHost: localhost\nConnection: close\n\n")]);
  cases.push([
    "obs-fold header",
    Buffer.from("GET /contact?x=1 HTTP/1.1\r\nHost: localhost\r\nX-Folded: a\r\n b\r\nConnection: close\r\n\r\n"),
  ]);
  cases.push([
    "header without a colon",
    Buffer.from("GET /about HTTP/1.1\r\nHost: localhost\r\nNoColon\r\nConnection: close\r\n\r\n"),
  ]);
  cases.push([
    "header of 32 KB",
    get("/about", [
      ["Host", "localhost"],
      ["X-Big", "b".repeat(32 * 1024)],
    ]),
  ]);
  // Duplicate and contradictory headers.
  cases.push([
    "two Content-Lengths that differ",
    Buffer.from(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nContent-Length: 4\r\nConnection: close\r\n\r\nabcd`,
    ),
  ]);
  cases.push([
    "two Content-Lengths that agree",
    Buffer.from(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc`,
    ),
  ]);
  cases.push([
    "Content-Length and chunked",
    Buffer.from(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    ),
  ]);
  cases.push([
    "negative Content-Length",
    Buffer.from(`POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`),
  ]);
  cases.push([
    "chunked form post",
    Buffer.from(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nname=\r\n0\r\n\r\n`,
    ),
  ]);
  cases.push([
    "bad chunk size",
    Buffer.from(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nname=\r\n0\r\n\r\n`,
    ),
  ]);
  cases.push([
    "two Origins",
    rawRequest(
      "POST",
      "/contact",
      [
        ["Host", "localhost"],
        ["Origin", "http://localhost"],
        ["Origin", "https://evil.example"],
      ],
      form,
    ),
  ]);
  cases.push([
    "two Content-Types",
    rawRequest(
      "POST",
      "/contact",
      [
        ["Host", "localhost"],
        ["Origin", "http://localhost"],
        ["Content-Type", "multipart/form-data"],
        ["Content-Type", "text/plain"],
      ],
      form,
    ),
  ]);
  cases.push([
    "multipart without a boundary",
    rawRequest(
      "POST",
      JOB,
      [
        ["Host", "localhost"],
        ["Origin", "http://localhost"],
        ["Content-Type", "multipart/form-data"],
      ],
      "--x\r\n\r\n",
    ),
  ]);
  cases.push([
    "multipart cut short",
    rawRequest(
      "POST",
      JOB,
      [
        ["Host", "localhost"],
        ["Origin", "http://localhost"],
        ["Content-Type", "multipart/form-data; boundary=x"],
      ],
      '--x\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n%PDF',
    ),
  ]);
  cases.push([
    "Expect: 100-continue",
    rawRequest(
      "POST",
      "/contact",
      [
        ["Host", "localhost"],
        ["Origin", "http://localhost"],
        ["Expect", "100-continue"],
      ],
      form,
    ),
  ]);
  cases.push([
    "Expect: something else",
    rawRequest(
      "POST",
      "/contact",
      [
        ["Host", "localhost"],
        ["Expect", "the unexpected"],
      ],
      form,
    ),
  ]);
  cases.push([
    "Upgrade: websocket",
    get("/about", [
      ["Host", "localhost"],
      ["Upgrade", "websocket"],
      ["Connection", "Upgrade"],
    ]),
  ]);
  cases.push([
    "Upgrade: h2c",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["Upgrade", "h2c"],
      ["HTTP2-Settings", "AAA"],
    ]),
  ]);
  // Methods and versions.
  for (const method of ["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND", "FOO", "get", "M-SEARCH", "SEARCH", "QUERY"])
    for (const target of ["/livez", "/readyz", "/healthz", "/about", "/contact", "/cv/abc", "/no-such-page"])
      cases.push([`${method} ${target}`, rawRequest(method, target)]);
  for (const version of ["HTTP/1.0", "HTTP/0.9", "HTTP/2.0", "HTTP/1.2", "HTTP/9.9", "http/1.1", "HTTP/1.1 extra"])
    cases.push([`version ${version}`, rawRequest("GET", "/contact?x=1", undefined, "", version)]);
  cases.push([
    "pipelined, second one bad",
    Buffer.concat([
      rawRequest("GET", "/about").subarray(0, -"Connection: close\r\n\r\n".length),
      Buffer.from("\r\n"),
      rawRequest("GET", "//["),
    ]),
  ]);
  // Conditional and range headers on files.
  cases.push([
    "If-None-Match junk",
    get("/about", [
      ["Host", "localhost"],
      ["If-None-Match", '"\x01'],
      ["Range", "bytes=9-1"],
    ]),
  ]);
  cases.push([
    "Accept-Encoding junk",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["Accept-Encoding", "br;q=abc, *;q=-1, gzip;q=1e999"],
    ]),
  ]);
  cases.push([
    "Cookie junk",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["Cookie", "=;;=a=b;%zz=%"],
    ]),
  ]);
  cases.push([
    "X-Request-Id junk",
    get("/contact?x=1", [
      ["Host", "localhost"],
      ["X-Request-Id", "a\tb; rm -rf /"],
    ]),
  ]);
  return cases.map(([name, bytes]) => ({ name, bytes }));
}

/** A small deterministic generator (mulberry32): the same seed, the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

const METHODS = [
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "POST",
  "OPTIONS",
  "PUT",
  "DELETE",
  "PATCH",
  "TRACE",
  "CONNECT",
  "FOO",
];
const PATHS = [
  "/",
  "/about",
  "/contact",
  JOB,
  "/careers/jobs",
  "/livez",
  "/readyz",
  "/cv/",
  "/my-application/",
  "/assets/",
  "/no-such-page",
  "/services/silicon-engineering",
  "/sitemap.xml",
];
const PIECES = [
  "/",
  "//",
  "/./",
  "/../",
  "%2e",
  "%2f",
  "%5c",
  "\\",
  "%00",
  "%",
  "%zz",
  "%C3%A9",
  "@",
  ":",
  "[",
  "]",
  "?",
  "#",
  ";",
  "&",
  "=",
  "*",
  "~",
  "evil.example",
  "a",
  "é",
  "\x7f",
  "..",
  "%252e",
];
const HOSTS = [
  "localhost",
  "localhost",
  "localhost:3000",
  "[::1]",
  "[::1]:80",
  "127.0.0.1",
  "[::1",
  "x:99999",
  "a b",
  "evil.example/x",
  "x@y",
  "",
  ":80",
  "[fe80::1%25eth0]",
  "xn--e1afmkfd",
  "a".repeat(300),
];
const ORIGINS = [
  "http://localhost",
  "https://evil.example",
  "null",
  "not a url",
  "http://",
  "https://[::1",
  "%",
  "file://",
  "http://localhost:99999",
];
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=b",
  "multipart/form-data",
  "text/plain",
  "application/json",
  "",
  ";;;",
  "multipart/form-data; boundary=",
];
const HEADER_NAMES = [
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "Forwarded",
  "Referer",
  "Accept-Encoding",
  "If-None-Match",
  "Range",
  "Cookie",
  "X-Request-Id",
  "Accept",
  "Accept-Language",
  "Content-Encoding",
  "Transfer-Encoding",
  "User-Agent",
];
const VALUES = [
  "",
  "a",
  "[::1",
  'for="[::1;host=a b',
  "gzip, br",
  "*",
  "bytes=0-0",
  "bytes=9-1",
  '"x"',
  "https",
  "gopher",
  "1.1.1.1, 2.2.2.2",
  "%",
  "\x01",
  "\x7f",
  "a\tb",
  "é",
  "=;=",
  "chunked",
  "identity",
  "🙂",
];

/** `count` variants from `seed`: random methods, targets, headers and bodies, each framed correctly. */
export function generatedCases(seed: number, count: number): FuzzCase[] {
  const r = random(seed);
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const method = r.pick(METHODS);
    let target = r.pick(PATHS);
    for (let n = r.int(4); n > 0; n--) target += r.pick(PIECES);
    if (r.next() < 0.3) target += `?${r.pick(["sent=1", "applied=1", "utm_source=x", "x=%zz", "a", "=&=&", "%00"])}`;
    if (r.next() < 0.05) target = r.pick(["*", "http://localhost" + target, "https://[::1" + target, "localhost:443"]);
    if (r.next() < 0.02) target = target.repeat(1 + r.int(200));
    const headers: [string, string][] = [];
    if (r.next() < 0.95) headers.push(["Host", r.pick(HOSTS)]);
    if (r.next() < 0.05) headers.push(["Host", r.pick(HOSTS)]);
    if (method === "POST" || r.next() < 0.1) headers.push(["Origin", r.pick(ORIGINS)]);
    if (method === "POST") headers.push(["Content-Type", r.pick(CONTENT_TYPES)]);
    for (let n = r.int(3); n > 0; n--) headers.push([r.pick(HEADER_NAMES), r.pick(VALUES)]);
    // Transfer-Encoding is framing: a made-up value would leave the body unframed.
    const safe = headers.filter(([name, value]) => name !== "Transfer-Encoding" || value === "identity");
    const body =
      method === "POST" || r.next() < 0.05
        ? r.pick([
            form,
            "",
            '--b\r\nContent-Disposition: form-data; name="cv"; filename="x.pdf"\r\n\r\n%PDF-1.4\r\n--b--\r\n',
            "a".repeat(r.int(5000)),
            "%zz=%&&=",
            '{"json":true}',
          ])
        : "";
    const version = r.next() < 0.05 ? r.pick(["HTTP/1.0", "HTTP/2.0", "HTTP/1.2"]) : "HTTP/1.1";
    cases.push({ name: `generated #${i} (seed ${seed})`, bytes: rawRequest(method, target, safe, body, version) });
  }
  return cases;
}

/** Sends every case to `port`, `concurrency` connections at a time; the answers in order. */
export async function sendAll(port: number, cases: FuzzCase[], concurrency = 8): Promise<FuzzResult[]> {
  const results: FuzzResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      const fuzzCase = cases[i] as FuzzCase;
      results[i] = { case: fuzzCase, answer: await sendRawRequest(port, fuzzCase.bytes) };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** How many generated variants a run sends: FUZZ_REQUESTS, or a default that takes seconds. */
export function fuzzCount(fallback: number): number {
  const asked = Number(process.env.FUZZ_REQUESTS);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : fallback;
}
