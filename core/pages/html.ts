import { sha256Bytes } from '../crypto/sha256.ts';

/** Text made safe to place in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An HTML page with at most one inline script, served with a Content-Security-Policy that
 * allows exactly that script (by hash) and same-origin fetches, nothing else.
 */
export function htmlPage(options: { title: string; body: string; script?: string }): Response {
  const scripts =
    options.script === undefined ? "'none'" : `'sha256-${btoa(String.fromCharCode(...sha256Bytes(new TextEncoder().encode(options.script))))}'`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid #ddd; padding: .3rem .5rem; text-align: left; }
.muted { color: #666; } .error { color: #a00; } code { word-break: break-all; }
table.board { width: auto; } table.board td { min-width: 2.5rem; text-align: center; border: 1px solid #ddd; }
</style>
</head>
<body>
${options.body}
${options.script === undefined ? '' : `<script>${options.script}</script>`}
</body>
</html>
`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src ${scripts}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      ...READ_ONLY_PAGE_HEADERS,
      'cache-control': 'no-store',
    },
  });
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
