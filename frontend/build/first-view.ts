// Build steps for a fast first view (README, "First view"):
// - routeChunks: index.html carries, per route, the chunks (JS and CSS) of its page, as JSON that
//   public/early.js reads to preload them while the main bundle downloads, instead of after it ran.
// - precompress: every text asset is written beside itself as .br and .gz, so the web server sends
//   compressed bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { ROUTE_MODULES, routePattern } from '../src/app/route-modules';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

export interface RouteChunks {
  pattern: string;
  files: string[];
}

/** The chunk files a route needs beyond what the entry already loads, in load order. */
export function routeChunkMap(bundle: Record<string, BundleItem>, root: string): RouteChunks[] {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: BundleChunk): string[] => {
    const seen = new Set<string>();
    const visit = (chunk: BundleChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    visit(start);
    return [...seen];
  };
  const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap(closure));
  const normalizedRoot = root.replace(/\\/g, '/').replace(/\/$/, '');
  return ROUTE_MODULES.flatMap(({ path, module }) => {
    const page = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/') === `${normalizedRoot}/${module}`);
    if (!page) return [];
    const js = closure(page).filter((file) => !entryFiles.has(file));
    const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    return [{ pattern: routePattern(path), files: [...css, ...js].map((file) => `/${file}`) }];
  });
}

/** The tag of public/early.js in index.html, which reads the route map. */
const EARLY_SCRIPT = '<script async src="/early.js"></script>';

export function routeChunks(root: string): Plugin {
  return {
    name: 'wildframe:route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const map = routeChunkMap(context.bundle as unknown as Record<string, BundleItem>, root);
        // JSON in a data block (never executed: fine under the site's script-src 'self'), just
        // before the script that reads it; the charset declaration stays first in the head.
        const json = JSON.stringify(map).replace(/</g, '\\u003c');
        const block = `<script type="application/json" id="route-chunks">${json}</script>\n    `;
        const reader = html.indexOf(EARLY_SCRIPT);
        if (reader < 0) throw new Error(`index.html has no ${EARLY_SCRIPT}: the route map would go unread`);
        return `${html.slice(0, reader)}${block}${html.slice(reader)}`;
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Compresses the build's output; `before` runs first (closeBundle hooks of different plugins run
 * in parallel, and the prerendered pages must exist before they are compressed).
 */
export function precompress(outDir: string, before?: () => Promise<void>): Plugin {
  return {
    name: 'wildframe:precompress',
    apply: 'build',
    async closeBundle() {
      await before?.();
      for (const file of filesUnder(outDir)) {
        // dist/ssr is the server's (the gallery's render and its template), never sent as it is.
        if (!COMPRESSIBLE.test(file) || file.startsWith(join(outDir, 'ssr'))) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
