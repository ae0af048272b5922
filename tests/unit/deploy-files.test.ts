/**
 * deploy/Dockerfile and deploy/compose.yaml, checked statically: there is no Docker on the
 * machines this project is developed and tested on, so neither is ever built or started
 * here. What can be checked without Docker is checked: the stages and what each copies,
 * the user, the health checks, that the app image's runtime imports only production
 * dependencies, and the topology and settings of the compose file. nginx's own file is
 * run for real by tests/integration/topology.test.ts; here its route maps are held to the
 * app's route table.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PAGES, SERVER_ONLY_ROUTES } from "../../app/pages.ts";
import { readsQuery } from "../../common/page-queries.ts";
import { HEALTH_PATHS } from "../../server/health.ts";
import { CMS_SIGN_IN_PATHS } from "../../common/admin-page.ts";
import { APPLICANT_DATA_PATH, CV_LINK_PATH } from "../../server/signed-links.ts";

const ROOT = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const dockerfile = read("deploy/Dockerfile");
const pkg = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The Dockerfile's stages by name, each with its instructions (continuation lines joined). */
function stages(): Map<string, string[]> {
  const lines = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const found = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)$/i.exec(line);
    if (from) {
      current = [];
      found.set(from[1] as string, current);
    } else current.push(line);
  }
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** Packages a module imports at run time (type-only imports are erased by Node). */
function runtimePackages(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?["']([^'"]+)["']/gm)) {
    names.add(match[1] as string);
  }
  for (const match of source.matchAll(/\bimport\(\s*["']([^'"]+)["']\s*\)/g)) names.add(match[1] as string);
  return [...names]
    .filter((name) => !/^(\.|node:|\/|~\/|virtual:)/.test(name))
    .map((name) => (name.startsWith("@") ? name.split("/").slice(0, 2).join("/") : (name.split("/")[0] as string)));
}

describe("deploy/Dockerfile", () => {
  const all = stages();

  it("has a build stage, an app stage and a web stage", () => {
    expect([...all.keys()]).toEqual(["build", "app", "web"]);
    expect(dockerfile).toMatch(/^FROM node:24-\S+ AS build$/m);
    expect(dockerfile).toMatch(/^FROM node:24-\S+ AS app$/m);
    expect(dockerfile).toMatch(/^FROM nginx:\S+ AS web$/m);
  });

  it("builds once, then keeps only production dependencies", () => {
    const build = all.get("build") ?? [];
    expect(build).toContain("RUN npm ci --no-audit --no-fund");
    expect(build.some((line) => /^RUN npm run build && npm prune --omit=dev\b/.test(line))).toBe(true);
  });

  it("takes BUILD_DATE just before it builds: another day's date builds again, and npm ci stays cached", () => {
    const build = all.get("build") ?? [];
    const arg = build.findIndex((line) => /^ARG BUILD_DATE(=|$)/.test(line));
    expect(arg).toBeGreaterThan(build.indexOf("RUN npm ci --no-audit --no-fund"));
    expect(arg).toBe(build.findIndex((line) => line.startsWith("RUN npm run build")) - 1);
  });

  it("the app image holds only the built output, the server, common code and production dependencies, run by a non-root user", () => {
    const app = all.get("app") ?? [];
    const copied = app.filter((line) => line.startsWith("COPY")).map((line) => line.split(/\s+/).at(-2));
    expect(copied).toEqual(["/src/package.json", "/src/node_modules", "/src/build", "/src/server", "/src/common"]);
    expect(app.every((line) => !line.startsWith("COPY") || line.includes("--from=build"))).toBe(true);
    const user = app.filter((line) => line.startsWith("USER "));
    expect(user).toEqual(["USER node"]);
    expect(app.findIndex((line) => line.startsWith("USER "))).toBeLessThan(
      app.findIndex((line) => line.startsWith("CMD")),
    );
  });

  it("carries the company's submissions tool: `npm run submissions` runs a file under server/, which the image copies", () => {
    expect(pkg.scripts.submissions).toMatch(/^node server\/\S+\.ts$/);
    const entry = pkg.scripts.submissions?.split(" ")[1] ?? "";
    expect(walk("server")).toContain(entry);
  });

  it("checks readiness as its health check, and starts the server with the image's Node", () => {
    const app = all.get("app") ?? [];
    expect(app.find((line) => line.startsWith("HEALTHCHECK"))).toMatch(/\/readyz/);
    expect(app.at(-1)).toBe('CMD ["node", "server/index.ts"]');
  });

  it("the web image carries nginx.conf, its headers snippet, the build's CSP map and the prerendered site", () => {
    const web = (all.get("web") ?? []).filter((line) => line.startsWith("COPY")).join("\n");
    expect(web).toContain("deploy/nginx.conf /etc/nginx/nginx.conf");
    expect(web).toContain("deploy/nginx/security-headers.conf /etc/nginx/blueberry/security-headers.conf");
    expect(web).toContain("/src/build/nginx-page-csp.conf /etc/nginx/blueberry/nginx-page-csp.conf");
    expect(web).toContain("/src/build/client /srv/blueberry/client");
  });

  it("everything the app image runs imports production dependencies only", () => {
    // The server build leaves the app's packages to node_modules, so app/ counts too.
    const files = [
      ...walk("server").filter((f) => f.endsWith(".ts")),
      ...walk("common").filter((f) => f.endsWith(".ts")),
      ...walk("app").filter((f) => /\.tsx?$/.test(f)),
    ];
    const missing: string[] = [];
    for (const file of files) {
      for (const name of runtimePackages(read(file))) {
        // Vite is loaded only by `npm run dev`, never in the image; the route table is read by the build.
        if (name === "vite" && relative("server", file) === "index.ts") continue;
        if (name === "@react-router/dev" && file === join("app", "routes.ts")) continue;
        if (!(name in pkg.dependencies)) missing.push(`${file} imports ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("deploy/compose.yaml", () => {
  const compose = parse(read("deploy/compose.yaml")) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;

  it("runs nginx in front of two app replicas, PostgreSQL and an SMTP relay", () => {
    expect(Object.keys(services).sort()).toEqual(["app1", "app2", "db", "relay", "web"]);
    expect(services.web?.ports).toEqual(["80:80", "443:443"]);
    // Only nginx is published; the replicas, the database and the relay are not reachable from outside.
    for (const name of ["app1", "app2", "db", "relay"]) expect(services[name]?.ports).toBeUndefined();
  });

  it("builds each image from deploy/Dockerfile at the repository root", () => {
    for (const [name, target] of [
      ["web", "web"],
      ["app1", "app"],
      ["app2", "app"],
    ] as const) {
      expect(services[name]?.build).toMatchObject({ context: "..", dockerfile: "deploy/Dockerfile", target });
    }
  });

  it("passes BUILD_DATE to both images' build, unset by default (the publish workflow sets it)", () => {
    for (const name of ["web", "app1", "app2"]) {
      expect((services[name]?.build as { args: Record<string, string> }).args.BUILD_DATE, name).toBe("${BUILD_DATE:-}");
    }
  });

  it("passes the editor's settings to both images' build, and the Dockerfile takes them before it builds", () => {
    const build = stages().get("build") ?? [];
    const declared = build.findIndex((line) =>
      /^ARG CMS_REPO= CMS_BRANCH= CMS_PUBLISH_MODE= CMS_AUTH_URL=$/.test(line),
    );
    expect(declared).toBeGreaterThan(-1);
    expect(declared).toBeLessThan(build.findIndex((line) => line.startsWith("RUN npm run build")));
    for (const name of ["web", "app1", "app2"]) {
      const args = (services[name]?.build as { args: Record<string, string> }).args;
      for (const setting of ["CMS_REPO", "CMS_BRANCH", "CMS_PUBLISH_MODE", "CMS_AUTH_URL"]) {
        expect(args[setting], `${name} ${setting}`).toBe(`\${${setting}:-}`);
      }
    }
  });

  it("gives both replicas the same store, relay, link secret and proxy trust, and waits for a healthy database", () => {
    for (const name of ["app1", "app2"]) {
      const env = services[name]?.environment as Record<string, string>;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/blueberry:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/blueberry$/);
      expect(env.SMTP_URL).toBe("smtp://relay:25");
      expect(env.LINK_SECRET).toMatch(/^\$\{LINK_SECRET:\?/);
      expect(env.TRUST_PROXY).toBe("true");
      expect(services[name]?.depends_on).toMatchObject({ db: { condition: "service_healthy" } });
    }
    expect(services.web?.depends_on).toEqual({
      app1: { condition: "service_healthy" },
      app2: { condition: "service_healthy" },
    });
    expect((services.db?.healthcheck as { test: string[] }).test.join(" ")).toMatch(/pg_isready/);
  });

  it("keeps no secret in the file: every password comes from the environment", () => {
    const text = read("deploy/compose.yaml");
    const keys = [...text.matchAll(/^\s+([A-Z_]*(?:PASSWORD|SECRET)[A-Z_]*):\s*(\S+)/gm)];
    expect(keys.map((match) => match[1])).toEqual([
      "LINK_SECRET",
      "CMS_OAUTH_CLIENT_SECRET",
      "POSTGRES_PASSWORD",
      "RELAYHOST_PASSWORD",
    ]);
    for (const match of keys) expect(match[2], match[1]).toMatch(/^\$\{/);
  });
});

/** The regular expressions of one `map` block of deploy/nginx.conf, by the variable it sets. */
function nginxMap(variable: string): RegExp[] {
  const config = read("deploy/nginx.conf");
  const start = config.indexOf(`${variable} {`);
  if (start < 0) throw new Error(`deploy/nginx.conf has no map for ${variable}`);
  const block = config.slice(start, config.indexOf("}", start));
  return [...block.matchAll(/^\s*(?:"~([^"]+)"|~(\S+))\s+1;/gm)].map(
    (match) => new RegExp((match[1] ?? match[2]) as string),
  );
}

describe("deploy/nginx.conf's routes, held to the app's", () => {
  const appPath = nginxMap("$blueberry_app_path");
  const toApp = nginxMap("$blueberry_to_app");
  const sample = (pattern: string) => pattern.replace(/:\w+/g, "x");

  it("passes to the app every path it answers without a file: a collection's page, the server's own routes, health checks, signed links, the editor's sign-in, route data", () => {
    const paths = [
      ...PAGES.filter((page) => page.path.includes(":")).map((page) => sample(page.path)),
      ...SERVER_ONLY_ROUTES.map((route) => sample(route.path)),
      ...HEALTH_PATHS,
      `${CV_LINK_PATH}x`,
      `${APPLICANT_DATA_PATH}x`,
      ...CMS_SIGN_IN_PATHS,
      "/__manifest",
      "/no-such-page.data",
    ];
    for (const path of paths)
      expect(
        appPath.some((re) => re.test(path)),
        path,
      ).toBe(true);
  });

  it("keeps the other paths for the 'Not Found...' file: nothing else is passed on", () => {
    for (const path of [
      "/no-such-page",
      "/careers",
      "/careers/no-such-list",
      "/casestudies/x/y",
      "/assets/x.js",
      "/admin/auth/other",
      "/admin/authx",
    ])
      expect(
        appPath.some((re) => re.test(path)),
        path,
      ).toBe(false);
  });

  it("passes on exactly the queries a page reads (common/page-queries.ts), a post, and route data with a query", () => {
    const cases = [
      ["GET", "/contact", "?sent=1"],
      ["GET", "/contact", "?utm_source=x&sent"],
      ["GET", "/careers/jobs/vlsi/x", "?applied=1"],
      ["GET", "/contact", "?x=1"],
      ["GET", "/about", "?sent=1"],
      ["HEAD", "/careers/jobs/vlsi", "?applied=1"],
      ["GET", "/contact", "?unsent=1"],
    ] as const;
    for (const [method, path, search] of cases) {
      const line = `${method} ${path}${search}`;
      expect(
        toApp.some((re) => re.test(line)),
        line,
      ).toBe(readsQuery(path, search));
    }
    expect(toApp.some((re) => re.test("POST /contact?"))).toBe(true);
    expect(toApp.some((re) => re.test("GET /about.data?_routes=root"))).toBe(true);
    expect(toApp.some((re) => re.test("GET /about.data?"))).toBe(false);
  });
});
