// Build step for a fast first view (README, "First view"): after the browser bundle is written,
// src/app/prerender.tsx is built for Node and run, which
// - writes the HTML of the pages in PRERENDERED_PAGES (their first view, as a visitor sees it) to
//   dist/prerendered/, each with its page's stylesheets linked in the head (a stylesheet early.js
//   adds later would not hold back the first paint, and the page would flash unstyled);
// - writes the antd styles of those pages (plus the layout's custom properties) to hashed
//   stylesheets linked before the page's own CSS: each prerendered page its own, index.html
//   (every other address) those of all of them.
// - bundles src/app/server-render.tsx for Node, whole (no imports left to resolve), into
//   dist/ssr/, with the gallery page's HTML around an empty #root as its template: the web server
//   draws the gallery's first page with its photos at request time, the prerendered file its
//   fallback.
// The web server sends the prerendered file for those addresses (services/gateway web-app).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig } from 'vite';
import type { RouteChunks } from './first-view';

interface PrerenderModule {
  PRERENDERED_PAGES: ReadonlyArray<{ path: string; file: string }>;
  renderPage(path: string): Promise<{ markup: string; styles: string }>;
  firstViewStyles(): string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** Where the server-rendered markup goes in dist/ssr/gallery.html (the web middleware knows it). */
const SSR_OUTLET = '<!--ssr-outlet-->';
const EARLY_SCRIPT = '<script async src="/early.js"></script>';

/**
 * A prerendered page paints without its scripts, so they wait for that first paint instead of
 * sharing a phone's bandwidth with the page's stylesheets and leading image: the app's module
 * script and its modulepreloads leave the head for a list public/early.js loads after the paint.
 */
function deferScripts(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script to defer');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const without = html
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  const json = JSON.stringify({ entry, preloads }).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="deferred-app">${json}</script>\n    `;
  return without.replace(EARLY_SCRIPT, `${block}${EARLY_SCRIPT}`);
}

/** `html` with `tags` inserted before the first stylesheet link (or the end of the head). */
function beforeStylesheets(html: string, tags: string): string {
  const at = html.search(/<link rel="stylesheet"/);
  const index = at >= 0 ? at : html.indexOf('</head>');
  return `${html.slice(0, index)}${tags}\n    ${html.slice(index)}`;
}

/** The route map routeChunks wrote into index.html. */
function routeMap(html: string): RouteChunks[] {
  const match = /<script type="application\/json" id="route-chunks">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('index.html has no route map (route-chunks)');
  return JSON.parse(match[1]) as RouteChunks[];
}

type NodeOutput = NonNullable<NonNullable<NonNullable<InlineConfig['build']>['rolldownOptions']>['output']>;

/** Vite's build of one entry of src/ for Node, from no config file: only what is given here. */
async function buildForNode(root: string, entry: string, outDir: string, output: NodeOutput, extra: InlineConfig = {}): Promise<void> {
  await build({ configFile: false, root, logLevel: 'warn', plugins: [react()], ...extra, build: { ssr: entry, outDir, emptyOutDir: true, rolldownOptions: { output } } });
}

/**
 * Prerenders into `outDir` (the browser build). `root` is the frontend folder; the Node build goes
 * under node_modules/.cache so that its imports of packages resolve.
 */
export async function prerenderPages(root: string, outDir: string): Promise<void> {
  const serverDir = join(root, '../node_modules/.cache/wildframe-prerender');
  await buildForNode(root, 'src/app/prerender.tsx', serverDir, { format: 'esm', entryFileNames: 'prerender.mjs' });
  const module = (await import(pathToFileURL(join(serverDir, 'prerender.mjs')).href)) as PrerenderModule;
  const ssrDir = join(outDir, 'ssr');
  // Production React whatever the server's NODE_ENV; every package inside the bundle, so the
  // gateway image needs none of the web app's packages.
  await buildForNode(root, 'src/app/server-render.tsx', ssrDir, { format: 'cjs', entryFileNames: 'gallery-render.cjs', codeSplitting: false }, {
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    publicDir: false,
  });

  const indexFile = join(outDir, 'index.html');
  const index = readFileSync(indexFile, 'utf8');
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const routes = routeMap(index);

  const pages: Array<{ file: string; path: string; markup: string; styles: string }> = [];
  for (const page of module.PRERENDERED_PAGES) {
    pages.push({ ...page, ...(await module.renderPage(page.path)) });
  }

  /** Writes a hashed stylesheet; its link for the head. */
  const writeStyles = (styles: string): string => {
    const file = `assets/first-view-${createHash('sha256').update(styles).digest('hex').slice(0, 10)}.css`;
    writeFileSync(join(outDir, file), styles);
    return `<link rel="stylesheet" href="/${file}">`;
  };
  writeFileSync(indexFile, beforeStylesheets(index, writeStyles(module.firstViewStyles())));

  const pagesDir = join(outDir, 'prerendered');
  rmSync(pagesDir, { recursive: true, force: true });
  mkdirSync(pagesDir, { recursive: true });
  for (const page of pages) {
    const route = routes.find((candidate) => new RegExp(candidate.pattern).test(page.path));
    const css = (route?.files ?? []).filter((file) => file.endsWith('.css'));
    const links = css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('\n    ');
    // Each prerendered page has a stylesheet of its own antd styles only.
    const withStyles = beforeStylesheets(index, writeStyles(page.styles));
    const head = deferScripts(withStyles).replace('</head>', `  ${links}\n  </head>`);
    // Marks the page as not yet live (app/global.css, app/app.tsx).
    const html = head.replace('<html lang="en">', '<html lang="en" data-prerendered>');
    if (html === head) throw new Error('index.html has no <html lang="en">');
    writeFileSync(join(pagesDir, page.file), html.replace(ROOT_ELEMENT, `<div id="root">${page.markup}</div>`));
    if (page.path === '/gallery') writeFileSync(join(ssrDir, 'gallery.html'), html.replace(ROOT_ELEMENT, `<div id="root">${SSR_OUTLET}</div>`));
  }
}
