/**
 * .github/workflows/publish.yml, held to its commands. GitHub Actions cannot run where
 * this project is developed (no GitHub, no internet), so only the file's shape is checked:
 * its triggers with the daily build; a check that runs what CI runs here (.ci/run, read
 * from .ci/run itself) with the content check first and both builds; deploys that need the
 * check and run only for main; and secrets that are only names, each named in the README.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Service {
  image: string;
  env?: Record<string, string>;
  ports?: Array<string | number>;
  options?: string;
}
interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  container?: string | { image: string; options?: string };
  services?: Record<string, Service>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const FILE = ".github/workflows/publish.yml";
const text = read(FILE);
const workflow = parse(text) as Workflow;
const jobs = Object.entries(workflow.jobs);
const ciRun = read(".ci/run");

/** The workflow's text without its `${{ … }}` expressions (which name settings, never hold them). */
const literalText = text.replace(/\$\{\{[^}]*\}\}/g, "");

const commands = (job: Job) => job.steps.map((step) => step.run ?? "");
const RUNS_CI = /(^|\s)(bash\s+)?\.ci\/run(\s|$)/m;
const NPM_TEST = /\bnpm (test|run test)(\s|$)/m;
const SERVER_BUILD = /\bnpm run build(?![\w:-])/;
const STATIC_BUILD = /\bnpm run build:static\b/;
const CONTENT_CHECK = /\bnpm run check:content\b/;
const PAGES_DEPLOY = /\bnpx (--yes |-y )?wrangler(@[\w.^~-]+)? pages deploy build\/static\b/;
const KIT_DEPLOY = /\bdocker compose -f deploy\/compose\.yaml up -d --build\b/;

/** The Debian packages .ci/run installs when missing (its `missing+=(…)` lines). */
function ciRunPackages(): string[] {
  return [...ciRun.matchAll(/missing\+=\(([^)]*)\)/g)].flatMap((match) => (match[1] ?? "").trim().split(/\s+/));
}

/** The packages every `apt-get install` in some text names. */
function aptPackages(source: string): string[] {
  return [...source.matchAll(/apt-get\s+install\s+([^\n;&|]*)/g)].flatMap((match) =>
    (match[1] ?? "").split(/\s+/).filter((word) => word && !word.startsWith("-")),
  );
}

/** The job that checks: the one that runs .ci/run (or npm test itself). */
function checkJob(): [string, Job] {
  const found = jobs.filter(([, job]) => commands(job).some((run) => RUNS_CI.test(run) || NPM_TEST.test(run)));
  expect(
    found.map(([name]) => name),
    "one job runs .ci/run or npm test",
  ).toHaveLength(1);
  return found[0] as [string, Job];
}

const indexOf = (job: Job, pattern: RegExp) => commands(job).findIndex((run) => pattern.test(run));

/** The image a `docker run` command starts: the first word after its options. */
function dockerRunImage(run: string): string | undefined {
  // Options that take no value; every other option takes the next word.
  const flags = new Set(["-d", "--detach", "--init", "--rm", "-i", "--interactive", "-t", "--tty", "--privileged"]);
  const words = (/docker run\s+([^\n]*)/.exec(run.replace(/\s*\n\s*/g, " "))?.[1] ?? "").match(/"[^"]*"|\S+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (!word.startsWith("-")) return word;
    if (!flags.has(word) && !word.includes("=")) i++;
  }
  return undefined;
}

/** The images the workflow runs: services', a job container's and `docker run`'s. */
function images(): string[] {
  const found: string[] = [];
  for (const [, job] of jobs) {
    for (const service of Object.values(job.services ?? {})) found.push(service.image);
    if (job.container) found.push(typeof job.container === "string" ? job.container : job.container.image);
    for (const run of commands(job)) {
      const image = /docker run\b/.test(run) ? dockerRunImage(run) : undefined;
      if (image) found.push(image);
    }
  }
  return found;
}

/** The `if` of a deploy job as its `&&` clauses, each of a form this test understands. */
function deployCondition(condition: string | undefined) {
  const clauses = (condition ?? "").split("&&").map((clause) => clause.trim());
  const events = clauses
    .map((clause) => /^contains\(fromJSON\('(\[[^\]]*\])'\), github\.event_name\)$/.exec(clause)?.[1])
    .find(Boolean);
  return {
    events: events ? (JSON.parse(events) as string[]).sort() : [],
    onMain: clauses.includes("github.ref == 'refs/heads/main'"),
    unknown: clauses.filter(
      (clause) =>
        !/^contains\(fromJSON\('\[[^\]]*\]'\), github\.event_name\)$/.test(clause) &&
        clause !== "github.ref == 'refs/heads/main'" &&
        !/^vars\.[A-Z][A-Z0-9_]* != ''$/.test(clause),
    ),
  };
}

/** The README's deployment section: from "## Deployment" to the next second-level heading. */
function readmeDeployment(): string {
  const readme = read("README.md");
  const start = readme.indexOf("\n## Deployment\n");
  expect(start, "README has a Deployment section").toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const names = (kind: "secrets" | "vars") => [
  ...new Set([...text.matchAll(new RegExp(`\\$\\{\\{\\s*${kind}\\.([A-Za-z0-9_]+)\\s*\\}\\}`, "g"))].map((m) => m[1])),
];

/** Bits per character: a random key has many, a word or a name few. */
function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  return [...counts.values()].reduce((sum, n) => sum - (n / value.length) * Math.log2(n / value.length), 0);
}

/** Runs of characters that look like a key or a token: long, letters and digits mixed, random. */
function randomLooking(source: string): string[] {
  return [...source.matchAll(/[A-Za-z0-9+/=_-]{20,}/g)]
    .map((match) => match[0])
    .filter((run) => /\d/.test(run) && /[A-Za-z]/.test(run) && entropy(run) >= 3.5);
}

describe("the publish workflow's triggers", () => {
  it("runs on every pull request, on a push to main, daily on a schedule, and by hand", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push", "schedule", "workflow_dispatch"]);
    expect((workflow.on.push as { branches?: string[] }).branches).toEqual(["main"]);
    // Every pull request: an editor's, from the browser editor's editorial workflow, too.
    const pullRequest = (workflow.on.pull_request ?? {}) as Record<string, unknown>;
    for (const filter of ["paths", "paths-ignore", "branches-ignore", "types"])
      expect(pullRequest).not.toHaveProperty(filter);
    if (pullRequest.branches) expect(pullRequest.branches).toContain("main");
  });

  it("builds every day, and says that this is what takes openings past their validThrough date off the site", () => {
    const schedule = workflow.on.schedule as Array<{ cron: string }>;
    expect(schedule).toHaveLength(1);
    const fields = (schedule[0]?.cron ?? "").split(/\s+/);
    expect(fields, "minute hour day month weekday").toHaveLength(5);
    expect(fields[0]).toMatch(/^\d{1,2}$/);
    expect(fields[1]).toMatch(/^\d{1,2}$/);
    expect(fields.slice(2), "every day").toEqual(["*", "*", "*"]);
    const comment = text.slice(text.indexOf("schedule:"), text.indexOf("cron:"));
    expect(comment).toMatch(/validThrough/);
    expect(comment).toMatch(/BUILD_DATE/);
    expect(comment).toMatch(/Bengaluru/);
  });
});

describe("the check job", () => {
  it("runs .ci/run itself (which installs what is missing and runs npm ci and npm test), or installs exactly .ci/run's packages and runs those commands", () => {
    const [, check] = checkJob();
    const packages = ciRunPackages();
    expect(packages.length, ".ci/run names the packages it installs").toBeGreaterThan(0);
    expect(aptPackages(ciRun).join(" "), ".ci/run installs them with apt-get").toContain('"${missing[@]}"');
    if (commands(check).some((run) => RUNS_CI.test(run))) {
      expect(ciRun).toMatch(/^npm ci\b/m);
      expect(ciRun).toMatch(/^npm test$/m);
    } else {
      expect(aptPackages(commands(check).join("\n")).sort()).toEqual([...packages].sort());
      expect(indexOf(check, /\bnpm ci\b/)).toBeGreaterThanOrEqual(0);
      expect(indexOf(check, NPM_TEST)).toBeGreaterThanOrEqual(0);
      expect(text).toMatch(/REQUIRE_POSTGRES: "?1"?/);
    }
    // Nothing else from Debian's packages, and never a browser download.
    for (const name of aptPackages(text)) expect(packages, `apt-get install ${name}`).toContain(name);
    expect(text).not.toMatch(/playwright\S*\s+install/);
  });

  it("runs it on Debian, where those are Debian's packages: in a Debian image on the runner's network", () => {
    const [, check] = checkJob();
    const ci = commands(check)[indexOf(check, RUNS_CI)] ?? commands(check)[indexOf(check, NPM_TEST)] ?? "";
    const container = typeof check.container === "string" ? check.container : check.container?.image;
    if (container) {
      expect(container).toMatch(/debian|bookworm|trixie/);
      return;
    }
    const exec = /docker exec (?:--?[\w-]+(?:[ =](?!-)\S+)?\s+)*([\w.-]+)\s/.exec(ci);
    expect(exec?.[1], "the CI step runs in a named container (docker exec NAME …)").toBeTruthy();
    const start = commands(check).find((run) => /docker run\b/.test(run) && run.includes(`--name ${exec?.[1]}`));
    expect(start, `a step starts the container ${exec?.[1]}`).toBeDefined();
    expect(dockerRunImage(start ?? ""), "its image").toMatch(/debian|bookworm|trixie/);
    // So that 127.0.0.1:5432 inside it is the database below.
    expect(start).toMatch(/--network[ =]host\b/);
  });

  it("provides PostgreSQL as a service on 127.0.0.1:5432 with trust auth and a database named test, where .ci/run looks", () => {
    const [, check] = checkJob();
    const postgres = Object.values(check.services ?? {}).filter((service) => /^postgres:/.test(service.image));
    expect(postgres).toHaveLength(1);
    const service = postgres[0] as Service;
    expect(service.env?.POSTGRES_HOST_AUTH_METHOD).toBe("trust");
    expect(service.env?.POSTGRES_DB).toBe("test");
    expect((service.ports ?? []).map(String)).toContainEqual(expect.stringMatching(/^(127\.0\.0\.1:)?5432:5432$/));
    expect(service.options).toMatch(/--health-cmd\s+"?pg_isready/);
    expect(ciRun).toContain("postgres://postgres@127.0.0.1:5432/test");
    // .ci/run's default is where the service is: nothing points the tests elsewhere.
    expect(text).not.toMatch(/TEST_DATABASE_URL\s*[:=]/);
  });

  it("checks the content first, then runs CI, then the server build, then the static build, none of them skipped", () => {
    const [, check] = checkJob();
    const content = indexOf(check, CONTENT_CHECK);
    const ci = Math.max(indexOf(check, RUNS_CI), indexOf(check, NPM_TEST));
    const server = indexOf(check, SERVER_BUILD);
    const staticBuild = indexOf(check, STATIC_BUILD);
    expect(content, "npm run check:content").toBeGreaterThanOrEqual(0);
    expect(content, "the content check before CI").toBeLessThan(ci);
    // The server build replaces the whole build/ folder, so the static build comes after it.
    expect(ci, "CI before the server build").toBeLessThan(server);
    expect(server, "the server build before the static build").toBeLessThan(staticBuild);
    expect(
      check.steps.filter((step) => step.if !== undefined || "continue-on-error" in step),
      "no step of the check is conditional or allowed to fail",
    ).toEqual([]);
  });

  it("gives the builds their public settings from the repository's variables, each passed on by name", () => {
    const [, check] = checkJob();
    const staticStep = commands(check)[indexOf(check, STATIC_BUILD)] ?? "";
    const required = [...read("app/forms/static-submit/public-config.ts").matchAll(/^\s+(PUBLIC_[A-Z_]+): id\(/gm)].map(
      (match) => match[1] as string,
    );
    expect(required.length, "the static build's required identifiers").toBeGreaterThan(0);
    const env = { ...workflow.env, ...check.env, ...check.steps[indexOf(check, STATIC_BUILD)]?.env };
    for (const name of ["SITE_URL", ...required]) {
      expect(env[name], name).toBe(`\${{ vars.${name} }}`);
      // Commands run in a container get only the variables they name.
      if (/docker exec/.test(staticStep)) expect(staticStep, name).toMatch(new RegExp(`--env ${name}\\b`));
    }
    for (const [name, value] of Object.entries(env)) {
      if (/^(SITE_URL|CMS_|PUBLIC_)/.test(name)) expect(value, name).toBe(`\${{ vars.${name} }}`);
    }
  });

  it("keeps the static build it checked, for the deploy to publish", () => {
    const [, check] = checkJob();
    const upload = check.steps.findIndex((step) => step.uses?.startsWith("actions/upload-artifact@"));
    expect(upload).toBeGreaterThan(indexOf(check, STATIC_BUILD));
    expect(check.steps[upload]?.with?.path).toBe("build/static");
  });
});

describe("the deploy jobs", () => {
  const deploys = () =>
    jobs.filter(([, job]) => commands(job).some((run) => PAGES_DEPLOY.test(run) || KIT_DEPLOY.test(run)));

  it("publish the static build to Cloudflare Pages with its CLI through npx, and the server kit over SSH with docker compose", () => {
    const found = deploys();
    expect(found).toHaveLength(2);
    const pages = found.find(([, job]) => commands(job).some((run) => PAGES_DEPLOY.test(run)));
    const kit = found.find(([, job]) => commands(job).some((run) => KIT_DEPLOY.test(run)));
    expect(pages && kit && pages !== kit, "one job for each").toBe(true);
    // The static deploy publishes the check's own build (the artifact it uploaded).
    const [, check] = checkJob();
    const uploaded = check.steps.find((step) => step.uses?.startsWith("actions/upload-artifact@"))?.with?.name;
    const downloaded = pages?.[1].steps.find((step) => step.uses?.startsWith("actions/download-artifact@"));
    expect(downloaded?.with).toMatchObject({ name: uploaded, path: "build/static" });
    // The kit: this commit's files copied to the server, the images built and started there.
    const kitCommands = commands(kit?.[1] as Job).join("\n");
    expect(kitCommands).toMatch(/\bgit archive\b/);
    expect(kitCommands).toMatch(/\bscp\b/);
    const compose = commands(kit?.[1] as Job).find((run) => KIT_DEPLOY.test(run)) ?? "";
    expect(compose).toMatch(/^ssh\s/m);
    expect(compose).toMatch(/BUILD_DATE=/);
  });

  it("each needs the check, as does every other job: nothing is deployed that did not pass", () => {
    const [checkName] = checkJob();
    expect(deploys().length).toBeGreaterThan(0);
    for (const [name, job] of jobs) {
      if (name === checkName) continue;
      expect([job.needs ?? []].flat(), name).toContain(checkName);
    }
  });

  it("each runs only for main, on a push, the daily build or a run by hand, never for a pull request", () => {
    for (const [name, job] of deploys()) {
      const condition = deployCondition(job.if);
      expect(condition.events, name).toEqual(["push", "schedule", "workflow_dispatch"]);
      expect(condition.onMain, `${name}: github.ref == 'refs/heads/main'`).toBe(true);
      expect(condition.unknown, `${name}: only those clauses, joined by &&`).toEqual([]);
    }
  });
});

describe("the workflow's secrets and settings", () => {
  it("names, in the README's deployment section, every secret and variable it uses", () => {
    const section = readmeDeployment();
    const secrets = names("secrets");
    expect(secrets.length, "the deploys need secrets").toBeGreaterThan(0);
    for (const name of [...secrets, ...names("vars")]) expect(section, name).toContain(`\`${name}\``);
  });

  it("holds no secret: secret-sounding settings come from secrets or variables, no private key, no random-looking literal", () => {
    expect(text).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
    const envs = [workflow.env ?? {}];
    for (const [, job] of jobs) {
      envs.push(job.env ?? {});
      for (const service of Object.values(job.services ?? {})) envs.push(service.env ?? {});
      for (const step of job.steps) envs.push(step.env ?? {});
    }
    for (const env of envs) {
      for (const [name, value] of Object.entries(env)) {
        if (/TOKEN|SECRET|PASSWORD|PRIVATE|KEY/.test(name)) {
          expect(value, name).toMatch(/^\$\{\{\s*(secrets|vars)\.[A-Za-z0-9_]+\s*\}\}$/);
        }
      }
    }
    // The detector finds a real-looking key…
    expect(randomLooking(`token: ${randomBytes(24).toString("base64")}`)).toHaveLength(1);
    // …and there is none in the file.
    expect(randomLooking(literalText)).toEqual([]);
  });

  it("names no host to download from: no address, and every image by its name alone (built on the server, not pulled from a registry of ours)", () => {
    expect(literalText).not.toMatch(/:\/\//);
    expect(literalText).not.toMatch(/--registry\b/);
    const found = images();
    expect(found.length).toBeGreaterThan(0);
    for (const image of found) {
      const first = image.split("/")[0] ?? "";
      expect(image.includes("/") && /[.:]|^localhost$/.test(first), `${image} names a host`).toBe(false);
    }
  });
});
