/**
 * Photographs in the content (JPEG or PNG under public/images) become AVIF and WebP files
 * at several widths in the client build (decision 0020; the encoding is scripts/build/photos/).
 *
 * - `virtual:blueberry-photos` gives the server's content catalog (catalog.server.ts) each
 *   photograph's size and srcsets, or the reason it is refused; the loader reports that
 *   against the content file and field.
 * - The client build gets the files under /assets/photos/ with content-hashed names.
 * - The dev server answers /assets/photos/ from the cache and, when content or a
 *   photograph changes, encodes again and reloads the catalog.
 * The content is read and the photographs encoded once per process: `react-router build`
 * runs the client and the server build in one.
 */
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { PHOTO_SRC } from "../../app/content/photo-index.ts";
import { readRawContent } from "./content-files.ts";
import {
  buildPhotos,
  describePhotoBuild,
  PHOTO_ASSET_DIR,
  type PhotoBuild,
  photoCacheDir,
  photoSrcs,
} from "./photos/catalog.ts";

const PHOTOS_MODULE = "virtual:blueberry-photos";
const RESOLVED = `\0${PHOTOS_MODULE}`;

const TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

const builds = new Map<string, Promise<PhotoBuild>>();

function photoBuild(root: string): Promise<PhotoBuild> {
  let build = builds.get(root);
  if (!build) {
    build = (async () => {
      const raw = readRawContent(join(root, "app", "content"));
      const result = await buildPhotos(photoSrcs(raw), join(root, "public"), photoCacheDir(root));
      if (result.photos.length > 0) console.log(describePhotoBuild(result));
      return result;
    })();
    // A failure (a content file that does not parse) is not kept: the next request tries again.
    build.catch(() => builds.delete(root));
    builds.set(root, build);
  }
  return build;
}

/** Marks the photo module and everything that imports it for reloading on the next request. */
function invalidate(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    const graph = environment.moduleGraph;
    const seen = new Set<unknown>();
    const queue = [...(graph.getModuleById(RESOLVED) ? [graph.getModuleById(RESOLVED)] : [])];
    while (queue.length > 0) {
      const mod = queue.pop();
      if (!mod || seen.has(mod)) continue;
      seen.add(mod);
      graph.invalidateModule(mod);
      queue.push(...mod.importers);
    }
  }
}

export function photos(root: string): Plugin {
  return {
    name: "blueberry-photos",
    resolveId(id) {
      return id === PHOTOS_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { index } = await photoBuild(root);
      return `export default ${JSON.stringify(index)};`;
    },
    async generateBundle() {
      // Only the browser's half publishes files; the server's half reads the index.
      if (this.environment.config.consumer !== "client") return;
      const { files } = await photoBuild(root);
      for (const [fileName, path] of files) {
        this.emitFile({ type: "asset", fileName, source: await readFile(path) });
      }
    },
    configureServer(server) {
      const refresh = (file: string) => {
        const path = relative(root, file).split(sep).join("/");
        if (!path.startsWith("app/content/") && !(path.startsWith("public/images/") && PHOTO_SRC.test(path))) return;
        builds.delete(root);
        invalidate(server);
      };
      server.watcher.on("change", refresh).on("add", refresh).on("unlink", refresh);
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? "").split("?")[0] ?? "";
        if (!pathname.startsWith(`/${PHOTO_ASSET_DIR}/`)) return next();
        photoBuild(root).then(({ files }) => {
          const path = files.get(pathname.slice(1));
          if (!path) return next();
          res.setHeader("Content-Type", TYPES[pathname.replace(/^.*\./, "")] ?? "application/octet-stream");
          createReadStream(path).pipe(res);
        }, next);
      });
    },
  };
}
