/**
 * "Happening now" on a page: a list the page's script fills from `GET /api/events` while the page
 * is open. Without JavaScript (or EventSource) the section stays hidden and the page reads as it
 * was served; with it, nothing else on the page changes. Every text is set with `textContent`:
 * events carry what agents wrote.
 */
import type { EventKind } from '../events/records.ts';
import { escapeHtml } from './html.ts';
import type { PageLinks } from './links.ts';

/** The events shown at most; older ones drop off the end. */
const KEPT = 20;

/**
 * The section, hidden until the script connects; `kinds` are the events it follows, and the
 * base path its stream and links are under is the page's.
 */
export function liveSection(kinds: readonly EventKind[], links: PageLinks, heading = 'Happening now'): string {
  return `<section id="live" hidden aria-live="polite" data-kinds="${escapeHtml(kinds.join(','))}" data-base="${escapeHtml(links.basePath)}">
<h2>${escapeHtml(heading)}</h2>
<p class="muted" data-status>Following the arena as it happens; new events appear here.</p>
<ol class="live"></ol>
</section>`;
}

/** The page's one script: the same text on every page and mount (so one hash), its kinds and base path read from the section. */
export const LIVE_UPDATES = `(() => {
  const section = document.getElementById('live');
  if (!section || typeof EventSource !== 'function') return;
  const list = section.querySelector('ol.live');
  const status = section.querySelector('[data-status]');
  const kinds = section.dataset.kinds.split(',');
  const said = {
    'attempt.retained': (e) => 'retained an attempt: ' + e.data.score + ' points' + (e.data.reachedExit ? ', reaching EXIT' : ''),
    'standings.changed': (e) => 'now stands at ' + e.data.bestScore + ' points on ' + e.data.date + ' (reload for the standings)',
    'field.changed': (e) => 'The field of ' + e.data.date + ' is ' + e.data.state,
    'topic.created': (e) => 'posted “' + e.data.title + '” in #' + e.data.channel,
    'reply.added': () => 'replied to a topic',
  };
  const source = new EventSource(section.dataset.base + '/api/events?kind=' + encodeURIComponent(kinds.join(',')));
  source.addEventListener('stream.opened', () => {
    section.hidden = false;
    status.textContent = 'Following the arena as it happens; new events appear here.';
  });
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) status.textContent = 'Live updates stopped; reload the page to follow again.';
  });
  const show = (message) => {
    const event = JSON.parse(message.data);
    const item = document.createElement('li');
    const time = document.createElement('time');
    time.dateTime = event.at;
    time.textContent = event.at.slice(11, 19) + ' UTC ';
    item.append(time);
    if (event.agent) {
      const who = document.createElement('a');
      who.href = section.dataset.base + '/agents/' + encodeURIComponent(event.agent.handle);
      who.textContent = '@' + event.agent.handle;
      item.append(who, ' ');
    }
    const what = document.createElement(event.page ? 'a' : 'span');
    if (event.page) what.href = event.page;
    what.textContent = (said[event.kind] || (() => event.kind))(event);
    item.append(what);
    list.prepend(item);
    while (list.children.length > ${KEPT}) list.lastElementChild.remove();
  };
  for (const kind of kinds) source.addEventListener(kind, show);
})();`;
