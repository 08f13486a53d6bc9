import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { finishingTape } from '../support/fixtures/league.ts';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { client } from '../support/http.ts';
import { HOSTILE, pageRecords, UNBROKEN } from '../support/page-records.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

/**
 * The arena's pages in a real browser (Chromium, driven by playwright-core), at a phone's width
 * and a desktop's, with records holding hostile text: nothing overflows sideways, nothing fails
 * or runs that should not, and each page shows its content. Chromium comes from Debian's package
 * (`.ci/run` installs it and requires this suite); where none is installed, the suite is skipped
 * and says so.
 */

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));
const REQUIRED = process.env.ARENA_TEST_BROWSER === 'required';
if (!CHROMIUM && REQUIRED) throw new Error('ARENA_TEST_BROWSER=required, but no Chromium is installed (apt-get install chromium, or set CHROMIUM_PATH)');
if (!CHROMIUM) console.warn('test/pages/browser.test.ts: skipped, no Chromium installed (apt-get install chromium, or set CHROMIUM_PATH)');

const OPERATOR_TOKEN = `op_${'b'.repeat(40)}`;

/**
 * At the root of its origin, and mounted under a base path, where every link the pages and their
 * scripts make must stay under it: there, what depends on the mount is checked (following links,
 * the scripts' requests), not again how each page lays out.
 */
describe.skipIf(!CHROMIUM).each([
  ['at the root', ''],
  ['under a base path', '/arena'],
])('the pages in Chromium, %s', (_, basePath) => {
  let arena: RunningArena;
  let browser: Browser;
  const baseUrl = () => arena.baseUrl;
  const api = client(baseUrl);
  /** Pages to visit and a phrase each must show, filled in by the records made below. */
  const pages: [path: string, phrase: string][] = [];
  const atRootOnly = it.skipIf(basePath !== '');

  beforeAll(async () => {
    // Every page visit opens an event stream from the same address, closed a moment after the page is.
    arena = await startArena('node', {
      ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      ARENA_OPERATOR_TOKEN: OPERATOR_TOKEN,
      ARENA_EVENTS_PER_CLIENT: '64',
      ...(basePath ? { ARENA_BASE_PATH: basePath } : {}),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    // Realistic records, written as agents write them, with text meant to break pages.
    const { topic, hostileTopic, proposal, hostileProposal, attempts, today } = await pageRecords(baseUrl, OPERATOR_TOKEN);
    pages.push(
      ['/', 'Agent Arena'],
      ['/league', 'Daily Packet League'],
      [`/league/attempts/${attempts[0]!.id}`, 'Replay'],
      [`/league/days/${today}`, 'How the field scored'],
      ['/agents/page-author', UNBROKEN],
      ['/agents/page-hostile', HOSTILE],
      ['/duel', 'The first Triad Duel'],
      ['/forge', 'State Forge'],
      ['/forge/history', 'State Forge'],
      ['/clubhouse', 'Clubhouse'],
      [`/clubhouse/topics/${topic.id}`, 'a reply'],
      [`/clubhouse/topics/${hostileTopic.id}`, HOSTILE],
      ['/clubhouse/topics/seed-general', 'What #general is for'],
      ['/rules', 'Rules Desk'],
      [`/rules/${proposal.number}`, 'Once per cell.'],
      [`/rules/${hostileProposal.number}`, HOSTILE],
    );
  });
  afterAll(async () => {
    await browser?.close();
    await arena?.stop();
  });

  /** Opens a page, recording whatever went wrong on it. */
  async function visit(width: number, path: string, javaScript = true) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: javaScript });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed request: ${request.url()}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const answer = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
    return { page, context, problems, status: answer?.status() };
  }

  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  for (const width of [390, 1280]) {
    atRootOnly(`shows every page at ${width} px: its content, nothing wider than the screen, nothing failed or fired`, async () => {
      for (const [path, phrase] of pages) {
        const { page, context, problems, status } = await visit(width, path);
        expect(status, path).toBe(200);
        expect(await page.locator('body').textContent(), path).toContain(phrase);
        expect(await overflow(page), `${path} is wider than ${width} px`).toBeLessThanOrEqual(0);
        expect(problems, path).toEqual([]);
        expect(await page.locator('nav.site a').count(), path).toBeGreaterThanOrEqual(6);
        await context.close();
      }
    });
  }

  atRootOnly('reads every page without JavaScript on a phone: its content, nothing wider than the screen', async () => {
    for (const [path, phrase] of pages) {
      const { page, context, problems } = await visit(390, path, false);
      expect(await page.locator('body').textContent(), path).toContain(phrase);
      expect(await overflow(page), `${path} is wider than 390 px`).toBeLessThanOrEqual(0);
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });

  it('links every record from its list: the league to its attempts, the Clubhouse to its topics, the Rules Desk to its proposals', async () => {
    for (const [list, target] of [
      ['/league', '/league/attempts/'],
      ['/league', '/league/days/'],
      ['/clubhouse', '/agents/'],
      ['/rules/1', '/agents/'],
      ['/clubhouse', '/clubhouse/topics/'],
      ['/rules', '/rules/'],
    ]) {
      const { page, context } = await visit(1280, list!);
      const link = page.locator(`main a[href^="${basePath}${target}"]`).first();
      await link.click();
      await page.waitForURL((url) => url.pathname.startsWith(`${basePath}${target}`));
      expect(await page.locator('h1').textContent(), list).not.toBe('');
      await context.close();
    }
  });

  it('steps through an attempt’s replay with the keyboard, and lists every frame without JavaScript', async () => {
    const path = pages.find(([page]) => page.startsWith('/league/attempts/'))![0];
    const { page, context, problems } = await visit(390, path);
    const frames = page.locator('ol.frames li');
    const count = await frames.count();
    expect(count).toBeGreaterThan(0);
    const marker = page.locator('#replay-marker');
    const start = await marker.getAttribute('cx').then(async (cx) => `${cx},${await marker.getAttribute('cy')}`);
    await page.keyboard.press('ArrowRight');
    expect(await frames.nth(0).getAttribute('aria-current')).toBe('step');
    expect(`${await marker.getAttribute('cx')},${await marker.getAttribute('cy')}`).toBe(
      `${await frames.nth(0).getAttribute('data-cx')},${await frames.nth(0).getAttribute('data-cy')}`,
    );
    await page.keyboard.press('End');
    expect(await frames.nth(count - 1).getAttribute('aria-current')).toBe('step');
    await page.keyboard.press('Home');
    expect(`${await marker.getAttribute('cx')},${await marker.getAttribute('cy')}`).toBe(start);
    expect(await page.locator('#replay-controls output').textContent()).toBe('start');
    expect(problems).toEqual([]);
    await context.close();

    const still = await visit(390, path, false);
    expect(await still.page.locator('ol.frames li').count()).toBe(count);
    expect(await still.page.locator('#replay-controls').isVisible()).toBe(false);
    await still.context.close();
  });

  it('shows the archived duel’s twelve rounds without JavaScript, and a receipt from the address’s fragment with it', async () => {
    const still = await visit(390, '/duel', false);
    expect(await still.page.locator('#duel table tr').count()).toBe(13);
    expect(await still.page.locator('noscript').count()).toBe(1);
    await still.context.close();
    // A live duel, never stored: its receipt travels in the fragment, and the page verifies it.
    const circuit = (await api.get('/api/games/triad-duel')).body.circuit.id as string;
    const [moves, nonce] = ['RRRRPPPPSSSS', 'browser-duel-nonce-0001'];
    const commitment = createHash('sha256').update(`triad-duel/1|${circuit}|${moves}|${nonce}`).digest('hex');
    const { inviteToken } = (await api.get(`/api/games/triad-duel/invite?commitment=${commitment}&circuit=${circuit}&challenger=${encodeURIComponent(HOSTILE)}`)).body;
    const { responseToken } = (await api.get(`/api/games/triad-duel/respond?inviteToken=${inviteToken}&moves=PSRPSRPSRPSR`)).body;
    const revealed = (await api.get(`/api/games/triad-duel/reveal?responseToken=${responseToken}&moves=${moves}&nonce=${nonce}`)).body;
    const { page, context, problems } = await visit(1280, `/duel#receipt=${revealed.receiptToken}`);
    await page.locator('#duel p', { hasText: revealed.receipt.checksum }).waitFor();
    expect(await page.locator('#duel table tr').count()).toBe(13);
    expect(await page.locator('#duel table th').nth(3).textContent()).toBe(HOSTILE);
    expect(await page.locator('img, [onerror]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
    // A receipt that does not verify is refused as any bad input is: a 400 problem document.
    const refused = await api.get('/duel?receipt=not.a.token');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  it('follows the league and the Clubhouse as they happen, and reads as served without JavaScript', async () => {
    const league = await visit(390, '/league');
    const live = league.page.locator('#live');
    await live.waitFor({ state: 'visible' });
    const clubhouse = await visit(1280, '/clubhouse');
    await clubhouse.page.locator('#live').waitFor({ state: 'visible' });
    // An agent with a hostile name plays and posts while both pages are open.
    const { key, handle } = await joinedAgent(baseUrl, 'live-watcher');
    const { challengeToken, board } = (await api.get('/api/league')).body;
    expect((await api.postJson('/api/league/submit', { challengeToken, actions: finishingTape(board) }, writeHeaders(key))).status).toBe(200);
    expect((await api.postJson('/api/social/join', {}, writeHeaders(key))).status).toBe(200);
    const posted = await api.postJson('/api/social/topics', { channel: 'general', title: HOSTILE, body: 'Live.' }, writeHeaders(key));
    expect(posted.status, posted.text).toBe(201);
    await live
      .locator('li', { hasText: `@${handle}` })
      .first()
      .waitFor();
    expect(await live.locator(`li a[href^="${basePath}/league/attempts/"]`).count()).toBeGreaterThanOrEqual(1);
    expect(await live.locator(`li a[href="${basePath}/agents/${handle}"]`).count()).toBeGreaterThanOrEqual(1);
    const topic = clubhouse.page.locator('#live li', { hasText: HOSTILE });
    await topic.waitFor();
    expect(await topic.locator(`a[href="${basePath}/clubhouse/topics/${posted.body.id}"]`).count()).toBe(1);
    expect(await clubhouse.page.locator('img, [onerror]').count()).toBe(0);
    expect(await overflow(league.page), '/league with live events is wider than 390 px').toBeLessThanOrEqual(0);
    expect([...league.problems, ...clubhouse.problems]).toEqual([]);
    await league.context.close();
    await clubhouse.context.close();
    const still = await visit(390, '/league', false);
    expect(await still.page.locator('#live').isVisible()).toBe(false);
    await still.context.close();
  });

  atRootOnly('shows hostile text as text: no injected element, no script run', async () => {
    for (const [path] of pages) {
      const { page, context, problems } = await visit(1280, path);
      // The only script a page may hold is its own (the replay viewer, the duel's), never one an agent wrote.
      expect(await page.locator('img, [onerror]').count(), path).toBe(0);
      expect(await page.locator('script').count(), path).toBeLessThanOrEqual(1);
      expect(await page.title(), path).not.toBe('');
      expect(problems, path).toEqual([]);
      await context.close();
    }
  });
});
