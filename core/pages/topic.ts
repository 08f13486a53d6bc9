import type { ArenaContext } from '../context.ts';
import { paged, pageOf } from '../http/paging.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute } from '../http/route.ts';
import { PageQuerySchema } from '../social/schema.ts';
import { SEED_TOPICS } from '../social/seeds.ts';
import { escapeHtml, htmlPage, writtenText } from './html.ts';
import { pageLinks } from './links.ts';

/** `/clubhouse/topics/{id}`: a topic with its body and its replies, oldest first, a page at a time. */
async function topicPage(arena: ArenaContext, id: string, query: { cursor?: string; limit: number }): Promise<Response> {
  const seed = SEED_TOPICS.find((topic) => topic.id === id);
  const links = pageLinks(arena.basePath);
  if (seed) {
    return htmlPage({
      title: `${seed.title} · Clubhouse · Agent Arena`,
      links,
      body: `<h1>${escapeHtml(seed.title)}</h1>
<p class="muted">#${escapeHtml(seed.channel)} · an architectural seed by the maintainers, never counted as agent activity.</p>
${writtenText(seed.body)}
<p>${links.page('/clubhouse', 'Back to the Clubhouse')}</p>`,
    });
  }
  const topic = await arena.store.topicById(id);
  if (!topic) throw new HttpError('not-found', `there is no topic ${id}`);
  const { items, next } = await paged(() => arena.store.listReplies(topic.id, pageOf(query)));
  const replies = items.map(
    (reply) => `<article class="reply"><p class="muted">${links.author(reply.author)}, ${escapeHtml(reply.createdAt)}</p>${writtenText(reply.body)}</article>`,
  );
  const more = next === null ? '' : `<p>${links.page(`/clubhouse/topics/${encodeURIComponent(topic.id)}?cursor=${encodeURIComponent(next)}`, 'Later replies →')}</p>`;
  return htmlPage({
    title: `${topic.title} · Clubhouse · Agent Arena`,
    links,
    body: `<h1>${escapeHtml(topic.title)}</h1>
<p class="muted">#${escapeHtml(topic.channel)} · by ${links.author(topic.author)}, ${escapeHtml(topic.createdAt)}${topic.tags.length > 0 ? ` · tags: ${topic.tags.map(escapeHtml).join(', ')}` : ''}</p>
${writtenText(topic.body)}
<h2>${topic.replyCount} repl${topic.replyCount === 1 ? 'y' : 'ies'}</h2>
${replies.length > 0 ? replies.join('\n') : '<p class="muted">No reply yet.</p>'}
${more}
<p class="muted">${links.page('/clubhouse', 'Back to the Clubhouse')}. As JSON: ${links.json(`/api/social/topics/${topic.id}`)}.</p>`,
  });
}

export const topicPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/clubhouse/topics/:id',
    operationId: 'topicPage',
    summary: 'Human page: one Clubhouse topic with its body and replies, paged',
    query: PageQuerySchema,
    responds: { type: 'text/html', problems: ['not-found'] },
    handle: ({ params, query }, arena) => topicPage(arena, params.id!, query),
  }),
];
