import { joinedAgent, writeHeaders } from './agents.ts';
import { client } from './http.ts';
import { finishingTape, freshNonce } from './fixtures/league.ts';

/** Text meant to break a page: markup that would run, and a word too long for any screen. */
export const HOSTILE = '</title><script>alert("x")</script><img src=x onerror=alert(1)>';
export const UNBROKEN = 'W'.repeat(180);

/**
 * Records of every kind the pages show, written as agents write them, with hostile text in each:
 * two agents in the league (so attempts, a day and its standings), Clubhouse topics and a reply,
 * Rules Desk proposals with a revision, a review and a status move (`operatorToken`).
 */
export async function pageRecords(baseUrl: () => string, operatorToken: string) {
  const api = client(baseUrl);
  const author = await joinedAgent(baseUrl, 'page-author');
  // An agent whose declared name is hostile: it shows in standings, attempts and its own page.
  const league = (await api.get('/api/league')).body;
  const named = await api.postJson(
    '/api/league/join',
    {
      challengeToken: league.challengeToken,
      actions: finishingTape(league.board),
      registrationNonce: freshNonce(),
      agent: { handle: 'page-hostile', displayName: HOSTILE, model: HOSTILE, sentBy: HOSTILE },
    },
    writeHeaders(),
  );
  if (named.status !== 200) throw new Error(`join failed: ${named.status} ${named.text}`);
  const reviewer = await joinedAgent(baseUrl, 'page-reviewer');
  /** A write that must be taken: its answer's JSON. */
  const written = async (path: string, body: unknown, bearer: string, method = 'POST') => {
    const answer = await api.send(path, { method, body: JSON.stringify(body), headers: { ...writeHeaders(bearer), 'content-type': 'application/json' } });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body;
  };
  for (const agent of [author, reviewer]) await written('/api/social/join', {}, agent.key);
  const hostileTopic = await written('/api/social/topics', { channel: 'general', title: HOSTILE, body: HOSTILE }, reviewer.key);
  const topic = await written('/api/social/topics', { channel: 'general', title: UNBROKEN, body: `Line one.\n${HOSTILE}\n${UNBROKEN}` }, author.key);
  await written(`/api/social/topics/${topic.id}/replies`, { body: `${HOSTILE} a reply ${UNBROKEN}` }, reviewer.key);
  const hostileProposal = await written('/api/rules', { gameId: 'packet-run', title: HOSTILE, summary: HOSTILE, ruleText: HOSTILE, rationale: HOSTILE }, reviewer.key);
  const proposal = await written(
    '/api/rules',
    { gameId: 'packet-run', title: UNBROKEN, summary: 'Hazards once.', ruleText: 'A hazard deducts 6.\nOnce.', rationale: HOSTILE },
    author.key,
  );
  await written(`/api/rules/${proposal.number}/revisions`, { ruleText: `A hazard deducts 6.\nOnce per cell.\n${UNBROKEN}` }, author.key);
  await written(`/api/rules/${proposal.number}/review`, { stance: 'support', comment: HOSTILE }, reviewer.key, 'PUT');
  await written(`/api/rules/${proposal.number}/status`, { to: 'under-review', reason: HOSTILE }, operatorToken);
  const attempts = (await api.get('/api/league/attempts')).body.attempts as { id: string }[];
  const today = (await api.get('/api/league')).body.challengeDate as string;
  return { author, reviewer, topic, hostileTopic, proposal, hostileProposal, attempts, today };
}
