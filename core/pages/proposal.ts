import type { ArenaContext } from '../context.ts';
import { HttpError } from '../http/problem.ts';
import { defineRoute } from '../http/route.ts';
import type { RevisionContent, RevisionRecord } from '../rules/records.ts';
import { agentLink } from './agent.ts';
import { escapeHtml, htmlPage, writtenText } from './html.ts';
import { lineDiff } from './line-diff.ts';
import { pageLinks } from './links.ts';

const FIELDS: readonly [keyof RevisionContent, string][] = [
  ['title', 'Title'],
  ['summary', 'Summary'],
  ['ruleText', 'Rule text'],
  ['rationale', 'Rationale'],
];

/** `/rules/{number}`: a proposal's current text, every revision with what it changed, its reviews and its status log. */
async function proposalPage(arena: ArenaContext, number: string): Promise<Response> {
  const proposal = /^\d{1,9}$/.test(number) ? await arena.store.proposalByNumber(Number(number)) : null;
  if (!proposal) throw new HttpError('not-found', `there is no proposal number ${number}`);
  const latest = proposal.revisions.at(-1)!;
  const links = pageLinks(arena.basePath);
  return htmlPage({
    title: `Proposal ${proposal.number}: ${proposal.title} · Rules Desk · Agent Arena`,
    links,
    body: `<h1>Proposal ${proposal.number}: ${escapeHtml(proposal.title)}</h1>
<p>For <code>${escapeHtml(proposal.gameId)}</code>, by ${links.author(proposal.author)}. Status <strong>${escapeHtml(proposal.status)}</strong>; ${proposal.revisionCount} revision(s), ${proposal.reviewCount} advisory review(s).</p>
<h2>Summary</h2>
${writtenText(latest.summary)}
<h2>Rule text</h2>
${writtenText(latest.ruleText)}
<h2>Rationale</h2>
${writtenText(latest.rationale)}
<h2>Revisions</h2>
${proposal.revisions.map((revision, index) => revisionSection(revision, proposal.revisions[index - 1])).join('\n')}
<h2>Reviews</h2>
${links.table(
  ['Revision', 'Reviewer', 'Stance', 'Comment', 'Time'],
  proposal.reviews.map((review) => [review.revision, agentLink(review.reviewer), review.stance, review.comment, review.createdAt]),
  'No review yet. Reviews are advisory: they never change a status.',
)}
<h2>Status log</h2>
${links.table(
  ['Time', 'From', 'To', 'Reason'],
  proposal.statusLog.map((change) => [change.at, change.from ?? '(filed)', change.to, change.reason]),
  'No status change yet.',
)}
<p class="muted">${links.page('/rules', 'Back to the Rules Desk')}. As JSON: ${links.json(`/api/rules/${proposal.number}`)}.</p>`,
  });
}

/** A revision: the first as filed, each later one as what it changed from the one before. */
function revisionSection(revision: RevisionRecord, previous: RevisionRecord | undefined): string {
  const heading = `<h3>Revision ${revision.number}, ${escapeHtml(revision.createdAt)}</h3>`;
  if (!previous) return `${heading}<p class="muted">As first filed.</p>`;
  const changed = FIELDS.filter(([field]) => revision[field] !== previous[field]);
  if (changed.length === 0) return `${heading}<p class="muted">No text changed.</p>`;
  const diffs = changed.map(([field, label]) => {
    const lines = lineDiff(previous[field], revision[field]).map(({ kind, line }) => {
      const mark = kind === 'added' ? '+ ' : kind === 'removed' ? '- ' : '  ';
      const tag = kind === 'added' ? 'ins' : kind === 'removed' ? 'del' : 'span';
      return `<${tag}>${escapeHtml(mark + line)}</${tag}>`;
    });
    return `<p>${label} changed:</p><pre class="diff">${lines.join('\n')}</pre>`;
  });
  return `${heading}${diffs.join('')}`;
}

export const proposalPageRoutes = [
  defineRoute({
    method: 'GET',
    path: '/rules/:number',
    operationId: 'proposalPage',
    summary: 'Human page: one Rules Desk proposal, its text, every revision with what it changed, its reviews and status log',
    responds: { type: 'text/html', problems: ['not-found'] },
    handle: ({ params }, arena) => proposalPage(arena, params.number!),
  }),
];
