/**
 * Debian's nginx as a test peer: runs a server block from deploy/ (the file we ship) on a
 * free loopback port, with its root and include paths pointed at this checkout, as our
 * child process in a temporary prefix; stopped by its own PID.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { freePort, stopChild } from "./processes.ts";

/** nginx on PATH or where Debian puts it (/usr/sbin, which a non-root PATH may lack). */
export function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"]) {
    if (dir && existsSync(join(dir, "nginx"))) return join(dir, "nginx");
  }
  return null;
}

export const NGINX_MISSING =
  "nginx is not installed; the static-host tests run Debian's nginx: sudo apt-get install -y nginx";

export interface RunningNginx {
  base: string;
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
  const check = spawnSync(binary, ["-t", "-p", prefix, "-c", t("nginx.conf"), "-e", t("error.log")], {
    encoding: "utf8",
  });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  const child: ChildProcess = spawn(binary, ["-p", prefix, "-c", t("nginx.conf"), "-e", t("error.log")], {
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await fetch(`${base}/`);
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        const log = existsSync(t("error.log")) ? readFileSync(t("error.log"), "utf8") : "";
        throw new Error(`nginx did not start on ${base}:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      await stopChild(child, "SIGQUIT", 10_000);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
