/**
 * Debian's nginx as a test peer: runs a server block from deploy/ (the file we ship) on a
 * free loopback port, with its root and include paths pointed at this checkout, as our
 * child process in a temporary prefix; stopped by its own PID.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import { join } from "node:path";
import { findOnPath, freePort, stopChild } from "./processes.ts";

/** nginx on PATH or where Debian puts it (/usr/sbin, which a non-root PATH may lack). */
export function findNginx(): string | null {
  return findOnPath("nginx", ["/usr/sbin", "/usr/local/sbin"]);
}

export const NGINX_MISSING =
  "nginx is not installed; the static-host and topology tests run Debian's nginx: sudo apt-get install -y nginx";

export interface RunningNginx {
  base: string;
  /** The loopback port of `base`, for raw requests. */
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts nginx with `serverBlockFile`, replacing its `listen` port with a loopback one
 * (`port`, or a free one), its `root` with `root`, and each `include /etc/nginx/<name>`
 * with the file of that name in `includeDir` (the shipped snippets).
 */
export async function startNginx(options: {
  serverBlockFile: string;
  root: string;
  includeDir: string;
  /** A fixed port (e.g. one a build was made for); default a free one. */
  port?: number;
}): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary) throw new Error(NGINX_MISSING);
  // A fixed port must be free: otherwise whatever holds it would answer in nginx's place.
  const port = await freePort(options.port ?? 0);
  const prefix = mkdtempSync(join(tmpdir(), "blueberry-nginx-"));
  const t = (name: string) => join(prefix, name);
  const site = readFileSync(options.serverBlockFile, "utf8")
    .replace(/^(\s*)listen\s+\d+;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root\s+[^;]+;/m, `$1root ${options.root};`)
    .replace(/include \/etc\/nginx\/([\w.-]+);/g, (_, name: string) => `include ${join(options.includeDir, name)};`);
  writeFileSync(t("site.conf"), site);
  writeFileSync(
    t("nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${t("nginx.pid")};
error_log ${t("error.log")} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  types { application/json data; }
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${t("body")};
  proxy_temp_path ${t("proxy")};
  fastcgi_temp_path ${t("fastcgi")};
  uwsgi_temp_path ${t("uwsgi")};
  scgi_temp_path ${t("scgi")};
  include ${t("site.conf")};
}
`,
  );
  const { base, stop } = await runNginx(binary, prefix, port, "the configuration");
  return { base, port, stop };
}

function acceptsConnections(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end();
      resolve();
    });
    socket.on("error", reject);
  });
}

/** "nginx/1.22.1": `nginx -v` prints "nginx version: nginx/1.22.1" to stderr. */
export function nginxVersion(binary: string): string {
  const run = spawnSync(binary, ["-v"], { encoding: "utf8" });
  const text = `${run.stdout ?? ""}${run.stderr ?? ""}`.trim();
  return text.replace(/^nginx version:\s*/, "") || "nginx (version unknown)";
}

/** nginx 1.25.1 replaced `listen … http2` with the `http2 on;` that deploy/nginx.conf uses. */
function hasHttp2Directive(binary: string): boolean {
  const [major = 0, minor = 0, patch = 0] = (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(nginxVersion(binary)) ?? [])
    .slice(1)
    .map(Number);
  return major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
}

/**
 * Checks `<prefix>/nginx.conf` (nginx -t), starts nginx on it in the foreground as our
 * child, and waits until it answers on `port`; `stop` ends it (SIGQUIT, nginx's graceful
 * stop) and removes the prefix.
 */
async function runNginx(binary: string, prefix: string, port: number, what: string, scheme: "http" | "https" = "http") {
  const args = ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", join(prefix, "error.log")];
  const check = spawnSync(binary, ["-t", ...args], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused ${what}:\n${check.stderr}`);
  const child: ChildProcess = spawn(binary, args, { stdio: "ignore" });
  const base = `${scheme}://127.0.0.1:${port}`;
  const errorLog = () => (existsSync(join(prefix, "error.log")) ? readFileSync(join(prefix, "error.log"), "utf8") : "");
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      // fetch would refuse a self-signed certificate: over TLS, an accepted connection will do.
      await (scheme === "http" ? fetch(`${base}/`) : acceptsConnections(port));
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`nginx did not start on ${base}:\n${errorLog()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    port,
    errorLog,
    async stop() {
      await stopChild(child, "SIGQUIT", 10_000);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * Starts nginx with deploy/nginx.conf, the front of the multi-replica deployment, on
 * loopback: its upstream servers replaced by `replicaPorts`, its root by `clientDir`, its
 * includes by the build's CSP map and deploy/nginx/, and the port-80 redirect on a free
 * port of its own (`redirectBase`). Its TLS server block runs on plain HTTP (the TLS lines
 * dropped), or, given `tls`, as shipped: TLS with that certificate and HTTP/2 (on an nginx
 * older than 1.25.1, Debian 12's, through `listen … http2`).
 */
export async function startNginxFront(options: {
  configFile: string;
  clientDir: string;
  cspMapFile: string;
  snippetDir: string;
  replicaPorts: number[];
  /** PEM files of a certificate for 127.0.0.1 and its key. */
  tls?: { certificate: string; key: string };
}): Promise<RunningNginx & { redirectBase: string; errorLog(): string }> {
  const binary = findNginx();
  if (!binary) throw new Error(NGINX_MISSING);
  const port = await freePort();
  const redirectPort = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), "blueberry-nginx-front-"));
  const t = (name: string) => join(prefix, name);
  // nginx's workers drop root's rights: they must reach the folder and write request
  // bodies (a CV) to its temporary folders.
  chmodSync(prefix, 0o755);
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(t(name));
    chmodSync(t(name), 0o777);
  }
  let config = readFileSync(options.configFile, "utf8");
  // Each replica with the parameters the shipped file gives its servers (max_fails, …).
  const serverParameters = /server app\d+:\d+([^;]*);/.exec(config)?.[1] ?? "";
  const upstreams = options.replicaPorts.map((p) => `server 127.0.0.1:${p}${serverParameters};`).join("\n");
  const replace = (pattern: RegExp, by: string | ((...groups: string[]) => string)) => {
    if (!pattern.test(config))
      throw new Error(`deploy/nginx.conf no longer matches ${pattern}; update startNginxFront`);
    config = config.replace(pattern, by as string);
  };
  replace(/^worker_processes .*;$/m, "worker_processes 1;\ndaemon off;");
  replace(/^pid .*;$/m, `pid ${t("nginx.pid")};`);
  replace(/^error_log .*;$/m, `error_log ${t("error.log")} warn;`);
  replace(/access_log \/dev\/stdout (\w+);/, `access_log ${t("access.log")} $1;`);
  replace(
    /^http \{$/m,
    `http {\n    client_body_temp_path ${t("body")};\n    proxy_temp_path ${t("proxy")};\n    fastcgi_temp_path ${t("fastcgi")};\n    uwsgi_temp_path ${t("uwsgi")};\n    scgi_temp_path ${t("scgi")};`,
  );
  replace(/include \/etc\/nginx\/blueberry\/nginx-page-csp\.conf;/, `include ${options.cspMapFile};`);
  replace(/include \/etc\/nginx\/blueberry\/([\w.-]+);/g, (_, name) => `include ${join(options.snippetDir, name)};`);
  replace(/(\s*server app\d+:\d+ [^;]*;)+/, `\n        ${upstreams}`);
  replace(/listen 80;/, `listen 127.0.0.1:${redirectPort};`);
  const { tls } = options;
  if (tls) {
    const http2Directive = hasHttp2Directive(binary);
    replace(/listen 443 ssl;/, `listen 127.0.0.1:${port} ssl${http2Directive ? "" : " http2"};`);
    if (!http2Directive) replace(/^\s*http2 on;\n/m, "");
    replace(/ssl_certificate \/etc\/nginx\/tls\/fullchain\.pem;/, `ssl_certificate ${tls.certificate};`);
    replace(/ssl_certificate_key \/etc\/nginx\/tls\/privkey\.pem;/, `ssl_certificate_key ${tls.key};`);
  } else {
    replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`);
    replace(/^\s*http2 on;\n/m, "");
    replace(/^\s*ssl_[a-z_]+ [^;]*;\n/gm, "");
  }
  replace(/root \/srv\/blueberry\/client;/, `root ${options.clientDir};`);
  writeFileSync(t("nginx.conf"), config);

  const running = await runNginx(binary, prefix, port, "deploy/nginx.conf", tls ? "https" : "http");
  return { ...running, redirectBase: `http://127.0.0.1:${redirectPort}` };
}
