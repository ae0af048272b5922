/**
 * The production path for `npm run bench:web`: deploy/nginx.conf, the deploy kit's front,
 * on Debian's nginx, as shipped: TLS (a throwaway self-signed certificate for 127.0.0.1,
 * made with openssl for this run), HTTP/2, and the build's .gz copies, since the kit's image
 * (nginx:1.27-alpine) has no brotli module. Our server stands in for the app replicas.
 * A visitor's browser reaches the prerendered pages this way, so Lighthouse through it
 * shows what TLS and one multiplexed connection do to the first paint (docs/PERFORMANCE.md).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { findNginx, startNginxFront } from "../../tests/support/nginx.ts";
import { findOnPath } from "../../tests/support/processes.ts";
import { BenchError } from "./processes.ts";

export interface Front {
  /** https://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

/** Why the front cannot run on this machine, or null when it can. */
export function frontMissing(): string | null {
  if (!findNginx()) return "nginx not installed: apt-get install nginx";
  if (!findOnPath("openssl")) return "openssl not installed (it makes the certificate): apt-get install openssl";
  return null;
}

/** A self-signed certificate and key for 127.0.0.1, valid for a day, in `dir`. */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  const run = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      certificate,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { encoding: "utf8" },
  );
  if (run.status !== 0) throw new BenchError(`openssl could not make a certificate:\n${run.stderr}`);
  return { certificate, key };
}

export async function startFront(options: {
  root: string;
  buildDir: string;
  appPort: number;
  tempRoot: string;
}): Promise<Front> {
  const certDir = mkdtempSync(join(options.tempRoot, "front-tls-"));
  try {
    const front = await startNginxFront({
      configFile: join(options.root, "deploy/nginx.conf"),
      clientDir: join(options.buildDir, "client"),
      cspMapFile: join(options.buildDir, "nginx-page-csp.conf"),
      snippetDir: join(options.root, "deploy/nginx"),
      replicaPorts: [options.appPort],
      tls: selfSignedCertificate(certDir),
    });
    return {
      base: front.base,
      async stop() {
        await front.stop();
        rmSync(certDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(certDir, { recursive: true, force: true });
    throw error;
  }
}
