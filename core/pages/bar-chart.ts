import { escapeHtml } from './html.ts';

export interface Bar {
  /** What the bar stands for, written under it. */
  label: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 24;
/** A few bars stay bars, not slabs. */
const MAX_BAR = 60;

/**
 * A small bar chart drawn on the server as SVG: one bar per entry, its value above it, its
 * label below. It needs no script and no library, scales to the screen, and says what it shows
 * in its title for screen readers; `summary` is written beside it for everyone.
 */
export function barChart(title: string, bars: readonly Bar[], summary: string): string {
  if (bars.length === 0) return `<p class="muted">${escapeHtml(summary)}</p>`;
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = WIDTH / bars.length;
  const width = Math.min(MAX_BAR, Math.max(2, slot * 0.7));
  const drawn = bars.map((bar, index) => {
    const height = Math.round(((HEIGHT - 2 * AXIS) * bar.value) / top);
    const x = index * slot + (slot - width) / 2;
    const y = HEIGHT - AXIS - height;
    const middle = x + width / 2;
    return `<g><title>${escapeHtml(`${bar.label}: ${bar.value}`)}</title><rect class="bar" x="${x.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${height}"/>${
      bars.length <= 31 ? `<text x="${middle.toFixed(1)}" y="${y - 4}">${bar.value}</text><text x="${middle.toFixed(1)}" y="${HEIGHT - 6}">${escapeHtml(bar.label)}</text>` : ''
    }</g>`;
  });
  return `<figure class="chart"><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeHtml(title)}"><title>${escapeHtml(title)}</title><line class="axis" x1="0" y1="${HEIGHT - AXIS}" x2="${WIDTH}" y2="${HEIGHT - AXIS}"/>${drawn.join('')}</svg><figcaption class="muted">${escapeHtml(summary)}</figcaption></figure>`;
}
