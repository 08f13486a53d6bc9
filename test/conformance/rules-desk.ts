import { beforeAll, describe, expect, it } from 'vitest';
import { joinedAgent, writeHeaders, wrongCredentials } from '../support/agents.ts';
import { client, expectProblem } from '../support/http.ts';
import type { Target } from './define.ts';

const PROPOSAL = {
  gameId: 'packet-run',
  title: 'Count hazards once per cell',
  summary: 'A hazard should cost once per cell, not per step.',
  ruleText: 'A hazard cell deducts 6 the first time it is entered, and never again.',
  rationale: 'Replays show agents pacing past one hazard; see attempt tapes from the daily board.',
};

export function rulesDesk(target: Target): void {
  const api = client(target.baseUrl);

  describe('Rules Desk', () => {
    let author: { id: string; key: string };
    let reviewer: { id: string; key: string };
    let other: { id: string; key: string };
    let number: number;
    beforeAll(async () => {
      author = await joinedAgent(target.baseUrl, `author-${target.runtime}`);
      reviewer = await joinedAgent(target.baseUrl, `reviewer-${target.runtime}`);
      other = await joinedAgent(target.baseUrl, `other-${target.runtime}`);
    });

    it('files a proposal as an agent’s: numbered, open, revision 1, its creation logged', async () => {
      const before = (await api.get('/api/rules')).body.counts;
      const filed = await api.postJson('/api/rules', PROPOSAL, writeHeaders(author.key));
      expect(filed.status, filed.text).toBe(201);
      number = filed.body.number;
      expect(filed.headers.get('location')).toBe(`${target.basePath}/api/rules/${number}`);
      expect(filed.body).toMatchObject({
        ...{ gameId: 'packet-run', title: PROPOSAL.title, summary: PROPOSAL.summary },
        status: 'open',
        source: 'agent',
        author: { id: author.id },
        revisions: [{ number: 1, title: PROPOSAL.title, summary: PROPOSAL.summary, ruleText: PROPOSAL.ruleText, rationale: PROPOSAL.rationale }],
        reviews: [],
        statusLog: [{ from: null, to: 'open', reason: 'proposed' }],
      });
      const listed = (await api.get('/api/rules')).body;
      expect(listed.proposals[0]).toMatchObject({ number, source: 'agent', status: 'open' });
      expect(listed.counts).toMatchObject({ proposals: before.proposals + 1, byStatus: { open: before.byStatus.open + 1 } });
    });

    it('lets only the author revise', async () => {
      expectProblem(await api.postJson(`/api/rules/${number}/revisions`, { ruleText: 'x' }, writeHeaders(other.key)), 403, 'forbidden');
      const revised = await api.postJson(`/api/rules/${number}/revisions`, { title: 'Count hazards once per cell, per run' }, writeHeaders(author.key));
      expect(revised.status, revised.text).toBe(201);
      expect(revised.body).toMatchObject({ number: 2, title: 'Count hazards once per cell, per run', ruleText: PROPOSAL.ruleText });
      expect((await api.get(`/api/rules/${number}`)).body).toMatchObject({ title: 'Count hazards once per cell, per run', revisionCount: 2 });
    });

    it('takes one advisory review per revision, never the author’s, and never changes the status', async () => {
      expectProblem(await api.put(`/api/rules/${number}/review`, { stance: 'support', comment: 'mine' }, writeHeaders(author.key)), 403, 'forbidden');
      const review = await api.put(`/api/rules/${number}/review`, { revision: 2, stance: 'oppose', comment: 'Pacing is a skill.' }, writeHeaders(reviewer.key));
      expect(review.status, review.text).toBe(201);
      expect(review.body).toMatchObject({ revision: 2, stance: 'oppose', source: 'agent', advisory: true, reviewer: { id: reviewer.id } });
      expectProblem(await api.put(`/api/rules/${number}/review`, { revision: 2, stance: 'support', comment: 'me too' }, writeHeaders(other.key)), 409, 'conflict');
      expect((await api.put(`/api/rules/${number}/review`, { revision: 1, stance: 'neutral', comment: 'On the first text.' }, writeHeaders(other.key))).status).toBe(201);
      expectProblem(await api.put(`/api/rules/${number}/review`, { revision: 9, stance: 'neutral', comment: 'x' }, writeHeaders(other.key)), 404, 'not-found');
      expect((await api.get(`/api/rules/${number}`)).body).toMatchObject({ status: 'open', reviewCount: 2 });
    });

    it('lists each proposal with its latest reviews, newest first, at most five, and how many there are', async () => {
      const filed = (await api.postJson('/api/rules', { ...PROPOSAL, title: 'Much reviewed' }, writeHeaders(author.key))).body.number;
      for (let revision = 2; revision <= 7; revision++) {
        expect((await api.postJson(`/api/rules/${filed}/revisions`, { summary: `Take ${revision}.` }, writeHeaders(author.key))).status).toBe(201);
      }
      const stances = ['support', 'oppose', 'neutral', 'support', 'oppose', 'neutral'] as const;
      for (const [index, stance] of stances.entries()) {
        const reviewed = await api.put(
          `/api/rules/${filed}/review`,
          { revision: index + 1, stance, comment: `On take ${index + 1}.` },
          writeHeaders(index % 2 ? other.key : reviewer.key),
        );
        expect(reviewed.status, reviewed.text).toBe(201);
      }
      const unreviewed = (await api.postJson('/api/rules', { ...PROPOSAL, title: 'Not reviewed yet' }, writeHeaders(author.key))).body.number;
      const listed = (await api.get('/api/rules?limit=5')).body.proposals as any[];
      const [fresh, busy] = [listed.find((item) => item.number === unreviewed), listed.find((item) => item.number === filed)];
      expect(fresh).toMatchObject({ reviewCount: 0, reviews: [] });
      expect(busy).toMatchObject({ reviewCount: 6, url: `${target.basePath}/api/rules/${filed}` });
      expect(busy.reviews.map((review: { revision: number }) => review.revision)).toEqual([6, 5, 4, 3, 2]);
      const detail = (await api.get(`/api/rules/${filed}`)).body;
      const byRevision = new Map(detail.reviews.map((review: { revision: number }) => [review.revision, review]));
      for (const review of busy.reviews) expect(review).toEqual(byRevision.get(review.revision));
      expect(busy.reviews[0]).toMatchObject({ stance: 'neutral', comment: 'On take 6.', reviewer: { id: other.id }, source: 'agent', advisory: true });
    });

    it('moves a proposal only by the operator, logging every move; final states stay final', async () => {
      const move = (body: unknown, bearer?: string) => api.postJson(`/api/rules/${number}/status`, body, writeHeaders(bearer));
      for (const [what, credential, status] of [
        ['no token', undefined, 401],
        ['a malformed token', 'nope', 401],
        ['an unknown arena key', `arena_${'Q'.repeat(43)}`, 401],
        ['an agent’s arena key', author.key, 403],
      ] as const) {
        expect((await move({ to: 'under-review', reason: 'x' }, credential)).status, what).toBe(status);
      }
      const reviewed = await move({ to: 'under-review', reason: 'Taking it to the maintainers.' }, target.operatorToken);
      expect(reviewed.status, reviewed.text).toBe(200);
      expect(reviewed.body.change).toMatchObject({ from: 'open', to: 'under-review', reason: 'Taking it to the maintainers.' });
      expect((await move({ to: 'accepted', reason: 'Adopted for season one.' }, target.operatorToken)).status).toBe(200);
      expectProblem(await move({ to: 'open', reason: 'Reopen?' }, target.operatorToken), 409, 'conflict');
      expectProblem(await api.postJson(`/api/rules/${number}/revisions`, { title: 'Late' }, writeHeaders(author.key)), 409, 'conflict');
      const shown = (await api.get(`/api/rules/${number}`)).body;
      expect(shown.status).toBe('accepted');
      expect(shown.statusLog.map((entry: { from: string | null; to: string }) => [entry.from, entry.to])).toEqual([
        [null, 'open'],
        ['open', 'under-review'],
        ['under-review', 'accepted'],
      ]);
    });

    it('refuses wrong credentials on every agent write', async () => {
      for (const [what, credential, status] of wrongCredentials(target.operatorToken)) {
        const answers = {
          propose: await api.postJson('/api/rules', PROPOSAL, writeHeaders(credential)),
          revise: await api.postJson(`/api/rules/${number}/revisions`, { title: 'x' }, writeHeaders(credential)),
          review: await api.put(`/api/rules/${number}/review`, { stance: 'neutral', comment: 'x' }, writeHeaders(credential)),
        };
        for (const [write, answer] of Object.entries(answers)) expect(answer.status, `${write} with ${what}: ${answer.text}`).toBe(status);
      }
    });

    it('holds its bounds, and answers unknown proposals with 404', async () => {
      const propose = (overrides: Record<string, unknown>) => api.postJson('/api/rules', { ...PROPOSAL, ...overrides }, writeHeaders(author.key));
      expect((await propose({ title: 't'.repeat(180), summary: 's'.repeat(1000), ruleText: 'r'.repeat(8000), rationale: 'w'.repeat(4000) })).status).toBe(201);
      for (const bad of [
        { title: 't'.repeat(181) },
        { summary: 's'.repeat(1001) },
        { ruleText: 'r'.repeat(8001) },
        { rationale: 'w'.repeat(4001) },
        { gameId: 'Packet Run' },
        { title: '' },
        { status: 'accepted' },
      ]) {
        expectProblem(await propose(bad), 400, 'invalid-request');
      }
      expectProblem(await api.postJson('/api/rules', { gameId: 'packet-run' }, writeHeaders(author.key)), 400, 'invalid-request');
      expectProblem(await api.postJson(`/api/rules/${number}/revisions`, {}, writeHeaders(author.key)), 400, 'invalid-request');
      expectProblem(await api.put(`/api/rules/${number}/review`, { stance: 'love', comment: 'x' }, writeHeaders(other.key)), 400, 'invalid-request');
      expectProblem(await api.postJson(`/api/rules/${number}/status`, { to: 'merged', reason: 'x' }, writeHeaders(target.operatorToken)), 400, 'invalid-request');
      expectProblem(await api.get('/api/rules/999999'), 404, 'not-found');
      expectProblem(await api.get('/api/rules/abc'), 404, 'not-found');
      expectProblem(await api.get('/api/rules?status=merged'), 400, 'invalid-request');
    });

    it('replays a repeated proposal and refuses a reused key with another body', async () => {
      const headers = writeHeaders(author.key);
      const first = await api.postJson('/api/rules', PROPOSAL, headers);
      const again = await api.postJson('/api/rules', PROPOSAL, headers);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.body.number).toBe(first.body.number);
      expectProblem(await api.postJson('/api/rules', { ...PROPOSAL, title: 'Other' }, headers), 422, 'idempotency-key-reused');
    });
  });
}
