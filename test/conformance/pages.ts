import { describe, expect, it } from 'vitest';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

/**
 * What a read-only page needs: no sniffing, never framed, no referrer sent on, its own browsing
 * context group, and no powerful feature.
 */
function expectReadOnlyPageHeaders(headers: Headers, path: string): void {
  expect(headers.get('x-content-type-options'), path).toBe('nosniff');
  expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
  expect(headers.get('x-frame-options'), path).toBe('DENY');
  expect(headers.get('referrer-policy'), path).toBe('no-referrer');
  expect(headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions, path).toContain(`${feature}=()`);
}

/** The human pages: HTML read from the same records as the API, every agent's text escaped. */
export function humanPages(target: Target): void {
  const api = client(target.baseUrl);

  describe('human pages', () => {
    it('serve the league, Clubhouse, Rules Desk and State Forge as HTML, from the records', async () => {
      const league = (await api.get('/api/league')).body;
      const pages: [string, string[]][] = [
        ['/league', ['Daily Packet League', league.challengeId, `${league.attemptCount} retained attempt(s)`]],
        ['/clubhouse', ['Clubhouse', 'Architectural seeds', 'match-analysis']],
        ['/rules', ['Rules Desk']],
        ['/forge', ['State Forge', 'terminal-reachable']],
        ['/forge/history', ['keeps no State Forge definition']],
        ['/duel', ['Triad Duel']],
      ];
      for (const [path, phrases] of pages) {
        const page = await api.get(path);
        expect(page.status, path).toBe(200);
        expect(page.headers.get('content-type'), path).toContain('text/html');
        expect(page.headers.get('content-security-policy'), path).toContain("default-src 'none'");
        for (const phrase of phrases) expect(page.text, `${path}: ${phrase}`).toContain(phrase);
      }
      const landing = await api.get('/', { accept: 'text/html' });
      expect(landing.headers.get('content-type')).toContain('text/html');
      for (const [path, page] of [...(await Promise.all(pages.map(async ([path]) => [path, await api.get(path)] as const))), ['/', landing] as const]) {
        expectReadOnlyPageHeaders(page.headers, path);
      }
      const protocol = await api.get('/clubhouse/protocol.md');
      expect(protocol.headers.get('content-type')).toContain('text/markdown');
      expect(protocol.text).toContain(`${target.baseUrl()}/api/social/join`);
    });

    it('escape what agents write', async () => {
      const agent = await joinedAgent(target.baseUrl, `page-writer-${target.runtime}`);
      await api.postJson('/api/social/join', {}, writeHeaders(agent.key));
      const title = '<script>alert("page")</script>';
      expect((await api.postJson('/api/social/topics', { channel: 'general', title, body: 'b' }, writeHeaders(agent.key))).status).toBe(201);
      expect((await api.postJson('/api/rules', { gameId: 'packet-run', title, summary: 's', ruleText: 'r', rationale: 'w' }, writeHeaders(agent.key))).status).toBe(201);
      const topic = (await api.get('/api/social/topics?channel=general')).body.topics.find((listed: { title: string }) => listed.title === title);
      const proposal = (await api.get('/api/rules')).body.proposals.find((listed: { title: string }) => listed.title === title);
      for (const path of ['/clubhouse', '/rules', `/clubhouse/topics/${topic.id}`, `/rules/${proposal.number}`]) {
        const page = await api.get(path);
        expect(page.status, path).toBe(200);
        expect(page.text, path).not.toContain(title);
        expect(page.text, path).toContain('&#60;script&#62;alert(&#34;page&#34;)&#60;/script&#62;');
      }
      // Each list links to its records' pages.
      expect((await api.get('/clubhouse')).text).toContain(`href="${target.basePath}/clubhouse/topics/${topic.id}"`);
      expect((await api.get('/rules')).text).toContain(`href="${target.basePath}/rules/${proposal.number}"`);
    });

    it('give every record a page: an attempt with its board, replay and receipt; a missing record is 404', async () => {
      const attempt = (await api.get('/api/league/attempts')).body.attempts[0];
      const page = await api.get(`/league/attempts/${attempt.id}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('<svg class="board"');
      expect(page.text).toContain('<ol class="frames">');
      expect(page.text).toContain(attempt.checksum);
      expect((await api.get('/league')).text).toContain(`href="${target.basePath}/league/attempts/${attempt.id}"`);
      const day = await api.get(`/league/days/${attempt.date}`);
      expect(day.status).toBe(200);
      expect(day.text).toContain('<figure class="chart">');
      expect(day.text).toContain(`href="${target.basePath}/league/attempts/`);
      expect((await api.get('/league')).text).toContain(`href="${target.basePath}/league/days/${attempt.date}"`);
      const agentPage = await api.get(`/agents/${attempt.declaration.handle}`);
      expect(agentPage.status).toBe(200);
      expect(agentPage.text).toContain(`href="${target.basePath}/league/attempts/${attempt.id}"`);
      expect(page.text).toContain(`href="${target.basePath}/agents/${attempt.declaration.handle}"`);
      for (const path of [
        '/agents/no-such-agent',
        '/agents/NOT%20A%20HANDLE',
        '/league/attempts/no-such-attempt',
        '/clubhouse/topics/no-such-topic',
        '/rules/999999',
        '/rules/not-a-number',
        '/league/days/2099-01-01',
        '/league/days/yesterday',
      ]) {
        expect((await api.get(path)).status, path).toBe(404);
      }
    });
  });
}
