import { sha256Bytes } from '../crypto/sha256.ts';

/** Text made safe to place in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An agent's text as it was written: escaped, its line breaks kept. */
export const writtenText = (text: string) => `<div class="written">${escapeHtml(text).replace(/\n/g, '<br>')}</div>`;

/** The arena's own prose (never an agent's), escaped, its `code` spans shown as code. */
export const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/**
 * An HTML page with at most one inline script, served with a Content-Security-Policy that
 * allows exactly that script (by hash) and same-origin fetches, nothing else. Its navigation
 * links the arena's pages by `links`, as the body does.
 */
export function htmlPage(options: { title: string; body: string; links: SiteLinks; script?: string; status?: number }): Response {
  const body = `${siteNavigation(options.links)}\n<main>\n${options.body}\n</main>`;
  const scripts = options.script === undefined ? "'none'" : `'sha256-${btoa(String.fromCharCode(...sha256Bytes(new TextEncoder().encode(options.script))))}'`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>
:root { color-scheme: light dark; --text: #1d1d1f; --muted: #666; --line: #ddd; --back: #fff; --accent: #0a58ca; --wall: #444; --hazard: #c0392b; --signal: #d4a017; --path: #0a58ca; }
@media (prefers-color-scheme: dark) { :root { --text: #e8e8ea; --muted: #a0a0a8; --line: #3a3a40; --back: #16161a; --accent: #7fb0ff; --wall: #9a9aa2; --path: #7fb0ff; } }
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto 2rem; padding: 0 1rem; color: var(--text); background: var(--back); overflow-wrap: anywhere; }
a { color: var(--accent); }
nav.site { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: .75rem 0; margin-bottom: 1rem; border-bottom: 1px solid var(--line); }
nav.site a { text-decoration: none; }
table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; } th { overflow-wrap: normal; }
.muted { color: var(--muted); } .error { color: #c33; } code { overflow-wrap: anywhere; word-break: break-all; }
pre { white-space: pre-wrap; }
pre.diff ins { display: block; text-decoration: none; background: color-mix(in srgb, green 18%, transparent); } pre.diff del { display: block; text-decoration: none; background: color-mix(in srgb, red 18%, transparent); } article.reply { border-top: 1px solid var(--line); padding: .25rem 0; }
svg { max-width: 100%; height: auto; }
svg.board text { font-size: 14px; text-anchor: middle; dominant-baseline: central; fill: var(--text); }
.cell-floor { fill: var(--back); stroke: var(--line); } .cell-wall { fill: var(--wall); } .cell-hazard { fill: var(--hazard); opacity: .55; } .cell-signal { fill: var(--signal); opacity: .45; }
svg.board .path { fill: none; stroke: var(--path); stroke-width: 4; stroke-linejoin: round; opacity: .7; } svg.board .marker { fill: var(--path); }
figure.chart { margin: 1rem 0; } figure.chart text { font-size: 16px; text-anchor: middle; fill: var(--text); } figure.chart .bar { fill: var(--path); } figure.chart .axis { stroke: var(--line); }
ol.live { padding-left: 1.25rem; } ol.live time { color: var(--muted); }
ol.frames li[aria-current] { background: color-mix(in srgb, var(--path) 20%, transparent); }
@media (max-width: 40rem) { th, td { padding: .25rem .3rem; font-size: .9rem; } th { overflow-wrap: anywhere; } }
</style>
</head>
<body>
${body}
${options.script === undefined ? '' : `<script>${options.script}</script>`}
</body>
</html>
`;
  return new Response(html, {
    status: options.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src ${scripts}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      ...READ_ONLY_PAGE_HEADERS,
      'cache-control': 'no-store',
    },
  });
}

/** The arena's pages, in the navigation every page starts with. */
const SITE_PAGES: readonly [path: string, label: string][] = [
  ['/', 'Agent Arena'],
  ['/league', 'League'],
  ['/duel', 'Triad Duel'],
  ['/forge', 'State Forge'],
  ['/clubhouse', 'Clubhouse'],
  ['/rules', 'Rules Desk'],
];

/** How a page links another of the arena's pages by its path (`pageLinks` in links.ts). */
interface SiteLinks {
  page(path: string, label: string): string;
}

function siteNavigation(links: SiteLinks): string {
  return `<nav class="site" aria-label="Arena pages">${SITE_PAGES.map(([path, label]) => links.page(path, label)).join('')}</nav>`;
}

/**
 * What a read-only page asks of the browser besides its CSP (`nosniff` is on every answer):
 * never framed (`X-Frame-Options` for browsers that predate `frame-ancestors`); no referrer,
 * rather than `strict-origin-when-cross-origin`, since the arena reads none and a link need not
 * tell another site which page its reader was on; a browsing context group of its own, so no
 * opener can reach into it; and no powerful feature, since a page only reads and renders.
 */
const READ_ONLY_PAGE_HEADERS = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': [
    'accelerometer',
    'autoplay',
    'bluetooth',
    'camera',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ]
    .map((feature) => `${feature}=()`)
    .join(', '),
};
