/**
 * `npm run make-negatives:analysis`: renders the generated non-nature images the scene and refusal
 * heads learn from (`fixtures/negatives`) and a second, held-out batch with other seeds and two
 * layouts the training never sees (`fixtures/held-out`, the `generated-*` rows). Kinds:
 *  - documents (invoice, letter, report table, form, article, slide, spreadsheet; held out: receipt
 *    and calendar), as a flat scan and as a photograph of the page (perspective, paper texture,
 *    uneven light, blur, sensor noise, JPEG);
 *  - user-interface captures (settings, mail, chat, code editor, dashboard, file manager, login,
 *    and a photo-gallery page whose thumbnails are nature photos: a screenshot of a gallery is
 *    still a screenshot);
 *  - flat synthetic gradients (linear, radial, two or three colours, some banded, some dithered).
 * Pages are drawn by Debian's Chromium through Playwright (never a downloaded browser).
 * Options: --only=documents,ui,gradients (or --only=phone: only the pages photographed close with a phone, for the held-out set).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright';
import { random } from '../../src/testing/degradations';
import { option } from '../options';

const root = process.cwd();
const FIXTURES = join(root, 'services/analysis/fixtures');
const only = option('only')?.split(',');

/** Deterministic random numbers (mulberry32, the degradations' own), so a rerun draws the same pages. */
export const rng = random;
type Rand = () => number;
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const between = (r: Rand, lo: number, hi: number): number => lo + (hi - lo) * r();

const WORDS =
  'account balance quarterly report invoice payment due total amount customer service delivery order number reference project budget meeting agenda summary review schedule policy update office contract supplier item quantity price tax discount shipping address phone email date signature approved pending status team manager department analysis revenue growth market sales forecast plan notes details terms conditions please contact regards thank you sincerely attached document page section chapter figure table results method data value average increase decrease compared previous year month week'.split(' ');
const NAMES = ['Alex Morgan', 'Jamie Chen', 'Sam Patel', 'Robin Fischer', 'Taylor Novak', 'Chris Dubois', 'Jordan Silva', 'Kim Larsen'];
const words = (r: Rand, n: number): string => Array.from({ length: n }, () => pick(r, WORDS)).join(' ');
const sentence = (r: Rand): string => {
  const s = words(r, 6 + Math.floor(r() * 10));
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
};
const paragraph = (r: Rand): string => Array.from({ length: 3 + Math.floor(r() * 4) }, () => sentence(r)).join(' ');
const money = (r: Rand): string => (r() * 2000).toFixed(2);
const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'DejaVu Sans Condensed'];

function page(r: Rand, body: string, css = ''): string {
  const font = pick(r, FONTS);
  const size = Math.round(between(r, 12, 17));
  return `<!doctype html><html><head><style>body{margin:0;font-family:'${font}';font-size:${size}px;color:#222;background:#fff}${css}</style></head><body>${body}</body></html>`;
}

/** Document layouts: each returns the page's HTML. */
export const DOCUMENTS: Record<string, (r: Rand) => string> = {
  invoice: (r) => {
    const rows = Array.from({ length: 4 + Math.floor(r() * 8) }, () => `<tr><td>${words(r, 3)}</td><td>${1 + Math.floor(r() * 9)}</td><td>${money(r)}</td><td>${money(r)}</td></tr>`).join('');
    return page(r, `<div style="padding:48px"><h1 style="margin:0">INVOICE</h1><p>No. ${Math.floor(r() * 90000 + 10000)}<br>${pick(r, NAMES)}<br>${words(r, 4)}</p>
      <table style="width:100%;border-collapse:collapse" border="1" cellpadding="6"><tr style="background:#eee"><th>Description</th><th>Qty</th><th>Unit</th><th>Amount</th></tr>${rows}</table>
      <p style="text-align:right;font-size:1.3em"><b>Total ${money(r)}</b></p><p>${paragraph(r)}</p></div>`);
  },
  letter: (r) =>
    page(r, `<div style="padding:64px 72px">${'<p style="text-align:right">' + pick(r, NAMES) + '<br>' + words(r, 3) + '</p>'}<p>Dear ${pick(r, NAMES)},</p>${Array.from({ length: 4 }, () => `<p>${paragraph(r)}</p>`).join('')}<p>Sincerely,<br><br>${pick(r, NAMES)}</p></div>`),
  report: (r) => {
    const head = `<tr style="background:#dde">${Array.from({ length: 5 }, () => `<th>${pick(r, WORDS)}</th>`).join('')}</tr>`;
    const rows = Array.from({ length: 14 }, () => `<tr>${Array.from({ length: 5 }, (_, i) => `<td>${i === 0 ? words(r, 2) : money(r)}</td>`).join('')}</tr>`).join('');
    return page(r, `<div style="padding:40px"><h2>${words(r, 4)}</h2><p>${paragraph(r)}</p><table style="width:100%;border-collapse:collapse" border="1" cellpadding="4">${head}${rows}</table><p>${paragraph(r)}</p></div>`);
  },
  form: (r) => {
    const fields = Array.from({ length: 9 }, () => `<div style="margin:14px 0"><div>${pick(r, WORDS)} ${pick(r, WORDS)}</div><div style="border-bottom:1px solid #333;height:26px"></div></div>`).join('');
    return page(r, `<div style="padding:50px"><h2 style="border-bottom:3px solid #333">${words(r, 3).toUpperCase()} FORM</h2>${fields}<p><input type="checkbox"> ${sentence(r)}<br><input type="checkbox" checked> ${sentence(r)}</p></div>`);
  },
  article: (r) =>
    page(r, `<div style="padding:40px;column-count:2;column-gap:32px"><h1 style="column-span:all">${words(r, 5)}</h1>${Array.from({ length: 7 }, () => `<p style="text-align:justify">${paragraph(r)}</p>`).join('')}</div>`),
  slide: (r) =>
    page(r, `<div style="padding:60px;background:${pick(r, ['#1d3557', '#ffffff', '#2a9d8f', '#f1faee'])};height:100vh;box-sizing:border-box"><h1 style="font-size:46px;color:${pick(r, ['#e63946', '#111', '#fff'])}">${words(r, 4)}</h1><ul style="font-size:28px;color:#888">${Array.from({ length: 4 }, () => `<li>${words(r, 5)}</li>`).join('')}</ul></div>`),
  spreadsheet: (r) => {
    const cols = 'ABCDEFGHIJ'.split('');
    const rows = Array.from({ length: 26 }, (_, i) => `<tr><th style="background:#eee">${i + 1}</th>${cols.map(() => `<td>${r() < 0.7 ? money(r) : ''}</td>`).join('')}</tr>`).join('');
    return page(r, `<table style="border-collapse:collapse;font-size:12px" border="1" cellpadding="3"><tr style="background:#eee"><th></th>${cols.map((c) => `<th>${c}</th>`).join('')}</tr>${rows}</table>`);
  },
  receipt: (r) => {
    const rows = Array.from({ length: 10 }, () => `<div style="display:flex;justify-content:space-between"><span>${words(r, 2).toUpperCase()}</span><span>${money(r)}</span></div>`).join('');
    return page(r, `<div style="width:360px;margin:30px auto;font-family:'DejaVu Sans Mono'"><h3 style="text-align:center">${words(r, 2).toUpperCase()} STORE</h3>${rows}<hr><div style="display:flex;justify-content:space-between"><b>TOTAL</b><b>${money(r)}</b></div><p style="text-align:center">THANK YOU</p></div>`);
  },
  calendar: (r) => {
    const cells = Array.from({ length: 35 }, (_, i) => `<td style="height:70px;vertical-align:top;width:14%">${(i % 31) + 1}<br><small>${r() < 0.3 ? words(r, 2) : ''}</small></td>`);
    const rows = Array.from({ length: 5 }, (_, w) => `<tr>${cells.slice(w * 7, w * 7 + 7).join('')}</tr>`).join('');
    return page(r, `<div style="padding:30px"><h1>${pick(r, ['March', 'June', 'October'])} ${2020 + Math.floor(r() * 8)}</h1><table border="1" style="border-collapse:collapse;width:100%"><tr>${'Mon Tue Wed Thu Fri Sat Sun'.split(' ').map((d) => `<th>${d}</th>`).join('')}</tr>${rows}</table></div>`);
  },
};

/** Interface layouts: each returns the page's HTML (thumbnails: nature photos as data URLs). */
const INTERFACES: Record<string, (r: Rand, thumbs: string[]) => string> = {
  settings: (r) =>
    page(r, `<div style="display:flex;height:100vh"><nav style="width:220px;background:#f3f3f3;padding:16px">${Array.from({ length: 9 }, () => `<div style="padding:9px">${pick(r, WORDS)}</div>`).join('')}</nav><main style="padding:24px;flex:1"><h2>Settings</h2>${Array.from({ length: 7 }, () => `<div style="display:flex;justify-content:space-between;padding:12px;border-bottom:1px solid #ddd"><span>${words(r, 3)}</span><span style="width:44px;height:22px;border-radius:11px;background:${r() < 0.5 ? '#1677ff' : '#ccc'}"></span></div>`).join('')}</main></div>`),
  mail: (r) =>
    page(r, `<div style="display:flex;height:100vh"><nav style="width:200px;background:#2c3e50;color:#fff;padding:12px">${['Inbox', 'Sent', 'Drafts', 'Spam', 'Archive'].map((x) => `<div style="padding:8px">${x}</div>`).join('')}</nav><main style="flex:1">${Array.from({ length: 14 }, () => `<div style="padding:10px 16px;border-bottom:1px solid #eee;display:flex;gap:16px"><b style="width:150px">${pick(r, NAMES)}</b><span style="flex:1;color:#555">${words(r, 8)}</span><span>${Math.floor(r() * 12) + 1}:${String(Math.floor(r() * 60)).padStart(2, '0')}</span></div>`).join('')}</main></div>`),
  chat: (r) =>
    page(r, `<div style="max-width:760px;margin:auto;padding:20px;background:#e5ddd5;min-height:100vh">${Array.from({ length: 10 }, (_, i) => `<div style="display:flex;justify-content:${i % 2 ? 'flex-end' : 'flex-start'}"><div style="background:${i % 2 ? '#dcf8c6' : '#fff'};padding:10px 14px;border-radius:10px;margin:6px;max-width:70%">${sentence(r)}</div></div>`).join('')}</div>`),
  editor: (r) =>
    page(
      r,
      `<div style="background:#1e1e1e;color:#d4d4d4;font-family:'DejaVu Sans Mono';font-size:14px;padding:12px;min-height:100vh">${Array.from({ length: 34 }, (_, i) => `<div><span style="color:#858585;display:inline-block;width:36px">${i + 1}</span><span style="color:${pick(r, ['#569cd6', '#ce9178', '#4ec9b0', '#d4d4d4', '#6a9955'])}">${'&nbsp;'.repeat(2 * Math.floor(r() * 4))}${pick(r, ['const', 'function', 'return', 'if', 'import', '//'])} ${words(r, 3).replace(/ /g, '_')}(${pick(r, WORDS)});</span></div>`).join('')}</div>`,
    ),
  dashboard: (r) =>
    page(r, `<div style="padding:20px;background:#f5f7fa;min-height:100vh"><h2>${words(r, 2)} dashboard</h2><div style="display:grid;grid-template-columns:repeat(3,1fr);gap:16px">${Array.from({ length: 6 }, () => `<div style="background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002"><div style="color:#888">${words(r, 2)}</div><div style="font-size:30px">${Math.floor(r() * 9000)}</div><div style="display:flex;align-items:flex-end;gap:4px;height:80px">${Array.from({ length: 12 }, () => `<div style="flex:1;background:${pick(r, ['#1677ff', '#52c41a', '#fa8c16'])};height:${Math.floor(r() * 100)}%"></div>`).join('')}</div></div>`).join('')}</div></div>`),
  files: (r) =>
    page(r, `<div style="padding:16px"><div style="padding:8px;background:#eee">/home/${pick(r, NAMES).split(' ')[0]?.toLowerCase()}/${pick(r, WORDS)}</div>${Array.from({ length: 18 }, () => `<div style="display:flex;padding:6px;border-bottom:1px solid #f0f0f0"><span style="width:18px;height:16px;background:${pick(r, ['#f4c542', '#7aa7e0', '#bbb'])};margin-right:10px"></span><span style="flex:1">${words(r, 2).replace(/ /g, '_')}.${pick(r, ['pdf', 'docx', 'txt', 'png', 'zip'])}</span><span style="width:120px;color:#777">${Math.floor(r() * 900)} KB</span></div>`).join('')}</div>`),
  login: (r) =>
    page(r, `<div style="display:flex;align-items:center;justify-content:center;height:100vh;background:${pick(r, ['#f0f2f5', '#eef', '#fafafa'])}"><div style="background:#fff;padding:40px;border-radius:8px;width:320px;box-shadow:0 2px 8px #0002"><h2>Sign in</h2><div>Email</div><div style="border:1px solid #ccc;height:32px;margin:6px 0 16px"></div><div>Password</div><div style="border:1px solid #ccc;height:32px;margin:6px 0 16px"></div><div style="background:#1677ff;color:#fff;text-align:center;padding:8px;border-radius:4px">Log in</div><p style="color:#888">${sentence(r)}</p></div></div>`),
  gallery: (r, thumbs) =>
    page(
      r,
      `<header style="display:flex;justify-content:space-between;align-items:center;padding:12px 24px;border-bottom:1px solid #eee"><b style="font-size:22px">${pick(r, ['Gallery', 'Photos', 'Explore'])}</b><span>${['Home', 'Upload', 'Profile', 'Sign in'].join(' &nbsp; ')}</span></header><div style="display:grid;grid-template-columns:repeat(${3 + Math.floor(r() * 3)},1fr);gap:14px;padding:20px">${Array.from({ length: 12 }, () => `<div style="border:1px solid #eee;border-radius:8px;overflow:hidden"><img src="${pick(r, thumbs)}" style="width:100%;height:150px;object-fit:cover;display:block"><div style="padding:8px"><b>${words(r, 3)}</b><div style="color:#888">${pick(r, NAMES)} · ★ ${(5 + r() * 5).toFixed(1)}</div></div></div>`).join('')}</div>`,
    ),
};

interface Generated {
  name: string;
  subject: string;
  bytes: Buffer;
}

/** 3×3 homography mapping the unit square's corners to the quad's (x0,y0 … x3,y3 clockwise from top-left). */
function squareToQuad(q: number[]): number[] {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = q as [number, number, number, number, number, number, number, number];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A / det, -(b * i - c * h) / det, (b * f - c * e) / det, B / det, (a * i - c * g) / det, -(a * f - c * d) / det, C / det, -(a * h - b * g) / det, (a * e - b * d) / det];
}

/**
 * A page as a phone photographs it: laid in perspective on a desk or table, with paper texture,
 * light falling off across the frame, a little defocus, sensor noise and JPEG compression.
 */
export async function photographPage(r: Rand, pagePng: Buffer, close = false): Promise<Buffer> {
  const src = await sharp(pagePng).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // `close`: held in the hand over the page as people photograph a receipt, the page filling most of
  // a larger frame, with the phone's (or the hand's) soft shadow falling across one side.
  const W = close ? pick(r, [1600, 2000]) : pick(r, [1024, 960, 1200]);
  const H = Math.round(W * pick(r, [0.75, 1.333, 0.5625, 1]));
  const desk = [between(r, 40, 200), between(r, 30, 170), between(r, 20, 140)];
  // The page's corners, jittered: the camera is never square to the paper.
  const cx = W / 2;
  const cy = H / 2;
  const scale = close ? between(r, 0.8, 0.98) : between(r, 0.55, 0.85);
  const shadow = close ? { x: between(r, -0.2, 1.2) * W, y: between(r, -0.2, 1.2) * H, radius: between(r, 0.3, 0.6) * Math.max(W, H), depth: between(r, 0.2, 0.45) } : null;
  const aspect = src.info.height / src.info.width;
  const pw = Math.min(W * scale, (H * scale) / aspect);
  const ph = pw * aspect;
  const rot = between(r, -0.25, 0.25);
  const corners = [
    [-pw / 2, -ph / 2],
    [pw / 2, -ph / 2],
    [pw / 2, ph / 2],
    [-pw / 2, ph / 2],
  ].flatMap(([x, y]) => {
    const jx = (x as number) * (1 + between(r, -0.12, 0.12));
    const jy = (y as number) * (1 + between(r, -0.12, 0.12));
    return [cx + jx * Math.cos(rot) - jy * Math.sin(rot), cy + jx * Math.sin(rot) + jy * Math.cos(rot)];
  });
  const inverse = invert3(squareToQuad(corners));
  const out = Buffer.alloc(W * H * 3);
  const grain = between(r, 4, 14);
  const lightAngle = between(r, 0, Math.PI * 2);
  const falloff = between(r, 0.1, 0.35);
  const sw = src.info.width;
  const sh = src.info.height;
  const s = src.data;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [a, b, c, d, e, f, g, h, i] = inverse as [number, number, number, number, number, number, number, number, number];
      const w = g * x + h * y + i;
      const u = (a * x + b * y + c) / w;
      const v = (d * x + e * y + f) / w;
      const shade = shadow ? shadow.depth * Math.max(0, 1 - Math.hypot(x - shadow.x, y - shadow.y) / shadow.radius) ** 0.5 : 0;
      const light = (1 - falloff * (0.5 + 0.5 * Math.cos(lightAngle) * ((x - cx) / W) * 2 + 0.5 * Math.sin(lightAngle) * ((y - cy) / H) * 2)) * (1 - shade);
      const o = (y * W + x) * 3;
      if (u >= 0 && u < 1 && v >= 0 && v < 1) {
        const sx = Math.min(sw - 2, u * sw);
        const sy = Math.min(sh - 2, v * sh);
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const fx = sx - x0;
        const fy = sy - y0;
        // Paper: a faint low-frequency mottle.
        const paper = 1 - 0.03 * (Math.sin(u * 37 + v * 11) * Math.sin(v * 29 - u * 7) + 1);
        for (let ch = 0; ch < 3; ch++) {
          const p = (yy: number, xx: number): number => s[(yy * sw + xx) * 3 + ch] ?? 0;
          const value = p(y0, x0) * (1 - fx) * (1 - fy) + p(y0, x0 + 1) * fx * (1 - fy) + p(y0 + 1, x0) * (1 - fx) * fy + p(y0 + 1, x0 + 1) * fx * fy;
          out[o + ch] = Math.max(0, Math.min(255, value * paper * light * 0.93));
        }
      } else {
        const texture = grain * (Math.sin(x * 0.05 + Math.sin(y * 0.01) * 3) + (r() - 0.5));
        for (let ch = 0; ch < 3; ch++) out[o + ch] = Math.max(0, Math.min(255, ((desk[ch] as number) + texture) * light));
      }
    }
  }
  const noise = between(r, 1.5, 5);
  for (let k = 0; k < out.length; k++) out[k] = Math.max(0, Math.min(255, (out[k] as number) + noise * (r() + r() + r() - 1.5) * 1.4));
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(between(r, 0.4, 1.4))
    .jpeg({ quality: Math.round(between(r, 78, 92)) })
    .toBuffer();
}

/** A flat synthetic gradient: linear or radial, two or three colours, sometimes banded or dithered. */
export async function gradient(r: Rand): Promise<{ bytes: Buffer; ext: string }> {
  const W = pick(r, [1024, 1280, 800]);
  const H = Math.round(W * pick(r, [0.75, 0.5625, 1, 1.333]));
  const colour = (): number[] => [Math.floor(r() * 256), Math.floor(r() * 256), Math.floor(r() * 256)];
  const stops = Array.from({ length: r() < 0.5 ? 2 : 3 }, colour);
  const radial = r() < 0.35;
  const angle = between(r, 0, Math.PI * 2);
  const bands = r() < 0.25 ? Math.floor(between(r, 6, 24)) : 0;
  const dither = r() < 0.3 ? between(r, 0.5, 2) : 0;
  const out = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let t = radial ? Math.hypot(x / W - 0.5, y / H - 0.5) * 1.4 : ((x / W - 0.5) * Math.cos(angle) + (y / H - 0.5) * Math.sin(angle)) + 0.5;
      t = Math.max(0, Math.min(1, t));
      if (bands) t = Math.floor(t * bands) / bands;
      const seg = t * (stops.length - 1);
      const k = Math.min(stops.length - 2, Math.floor(seg));
      const f = seg - k;
      for (let ch = 0; ch < 3; ch++) {
        const v = (stops[k]?.[ch] ?? 0) * (1 - f) + (stops[k + 1]?.[ch] ?? 0) * f + (dither ? dither * (r() - 0.5) * 2 : 0);
        out[(y * W + x) * 3 + ch] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  const img = sharp(out, { raw: { width: W, height: H, channels: 3 } });
  return r() < 0.5 ? { bytes: await img.png().toBuffer(), ext: 'png' } : { bytes: await img.jpeg({ quality: 90 }).toBuffer(), ext: 'jpg' };
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const shoot = async (html: string, width: number, height: number, fullPage: boolean, scale = 1): Promise<Buffer> => {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
    const tab = await context.newPage();
    await tab.setContent(html, { waitUntil: 'load' });
    const shot = await tab.screenshot({ fullPage, type: 'png' });
    await context.close();
    return shot;
  };
  // Nature photos as gallery thumbnails (from the fixture set: these pages are negatives, not ratings).
  const photoDir = join(FIXTURES, 'photos');
  const thumbs = await Promise.all(
    readdirSync(photoDir)
      .filter((f) => /^(wildlife|landscape|other)_/.test(f))
      .map(async (f) => `data:image/jpeg;base64,${(await sharp(readFileSync(join(photoDir, f))).resize(320).jpeg({ quality: 80 }).toBuffer()).toString('base64')}`),
  );

  const batches = [
    { folder: 'negatives', seed: 1, prefix: 'generated', documents: ['invoice', 'letter', 'report', 'form', 'article', 'slide', 'spreadsheet'], copies: 2, interfaces: Object.keys(INTERFACES), gradients: 14 },
    { folder: 'held-out', seed: 9001, prefix: 'generated', documents: ['invoice', 'letter', 'report', 'article', 'receipt', 'calendar'], copies: 1, interfaces: ['settings', 'mail', 'dashboard', 'gallery'], gradients: 6 },
    // Pages photographed close with a phone (evaluation only: `--only=phone`).
    { folder: 'held-out', seed: 9101, prefix: 'phone', documents: ['receipt', 'invoice', 'letter'], copies: 2, interfaces: [], gradients: 0, close: true },
  ];
  for (const batch of batches) {
    const close = 'close' in batch && batch.close === true;
    // The phone batch is drawn only when asked for, and only it then (the other batches' files stay as they are).
    if (close !== (only?.includes('phone') ?? false)) continue;
    const out: Generated[] = [];
    const r = rng(batch.seed);
    if (!only || only.includes('documents') || close) {
      for (const kind of batch.documents) {
        for (let c = 0; c < batch.copies; c++) {
          const html = DOCUMENTS[kind]?.(r) ?? '';
          const width = pick(r, [794, 850, 900]);
          const png = await shoot(html, width, Math.round(width * 1.3), false);
          if (close) {
            out.push({ name: `${batch.prefix}_document_${kind}_${c + 1}_photo.jpg`, subject: `a ${kind} page, photographed close with a phone`, bytes: await photographPage(r, png, true) });
            continue;
          }
          out.push({ name: `${batch.prefix}_document_${kind}_${c + 1}_scan.jpg`, subject: `a ${kind} page, scanned flat`, bytes: await sharp(png).jpeg({ quality: 88 }).toBuffer() });
          out.push({ name: `${batch.prefix}_document_${kind}_${c + 1}_photo.jpg`, subject: `a ${kind} page, photographed at an angle`, bytes: await photographPage(r, png) });
        }
      }
    }
    if (!only || only.includes('ui')) {
      for (const kind of batch.interfaces) {
        for (let c = 0; c < batch.copies; c++) {
          const mobile = r() < 0.3;
          const [w, h] = mobile ? [390, 844] : pick(r, [[1280, 800], [1440, 900], [1024, 768]] as const);
          const png = await shoot(INTERFACES[kind]?.(r, thumbs) ?? '', w, h, false, mobile ? 2 : 1);
          out.push({ name: `${batch.prefix}_ui_${kind}_${c + 1}.png`, subject: `a screenshot of a ${kind} screen${mobile ? ' (phone)' : ''}`, bytes: png });
        }
      }
    }
    if (!only || only.includes('gradients')) {
      for (let c = 0; c < batch.gradients; c++) {
        const { bytes, ext } = await gradient(r);
        out.push({ name: `${batch.prefix}_gradient_${c + 1}.${ext}`, subject: 'a synthetic colour gradient', bytes });
      }
    }
    const folder = join(FIXTURES, batch.folder);
    mkdirSync(folder, { recursive: true });
    for (const g of out) writeFileSync(join(folder, g.name), g.bytes);
    writeFileSync(join(folder, close ? 'generated-phone.tsv' : `generated.tsv`), out.map((g) => `${g.name}\t${g.subject}`).join('\n') + '\n');
    console.log(`${batch.folder}: ${out.length} generated images`);
  }
  await browser.close();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
