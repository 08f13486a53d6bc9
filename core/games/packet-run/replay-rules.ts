import { pathText, type Path } from '../../evidence/compare.ts';
import { MAX_ACTIONS, STEP, type Direction } from './actions.ts';
import { MAX_SIGNAL_VALUE, SIGNAL_IDS, SIZE } from './daily-board.ts';
import { GAME_VERSION } from './board.ts';
import type { PacketRunResult, ReceiptClaims } from './result.ts';
import { SCORING, type ReplayFrame } from './rules.ts';

/**
 * A rule of the game read on a result: whether it holds, and the fields it ties. A change to
 * any one of the `exact` fields alone breaks it; the `loose` ones take part without being held
 * to one value (a frame's event, where a move and a hazard both leave its delta's rule alone).
 */
export interface RuleReading {
  rule: string;
  holds: boolean;
  exact: string[];
  loose: string[];
}

const MOVING = new Set<ReplayFrame['event']>(['move', 'hazard', 'signal', 'exit']);
const FIXED_DELTA: Partial<Record<ReplayFrame['event'], number>> = { collision: SCORING.collision, hazard: SCORING.hazard, move: 0, ignored: 0 };
const EDGE = SIZE - 1;

/**
 * Every rule a daily league result must keep, read with what its receipt states (the summary
 * the result already agrees with: its actions, total, whether it reached EXIT) as true. The
 * day's board is the arena's secret, so a verifier holding the result alone reads the rules that
 * need no board: frames follow from the actions and from each other, scores add up, start and
 * exit sit in opposite corners, each signal is one of the day's and is collected once. Only a
 * reason uses them: whether the result is the one signed is its checksum's to say.
 */
export function leagueRuleReadings(result: PacketRunResult, claims: ReceiptClaims, at: Path): RuleReading[] {
  const rules: RuleReading[] = [];
  const path = (...segments: (string | number)[]) => pathText([...at, ...segments]);
  const tie = (holds: boolean, rule: string, exact: string[], loose: string[] = []) => rules.push({ rule, holds, exact, loose });

  const stated = claims.actions.split('') as Direction[];
  tie(result.version === GAME_VERSION, `results are of version ${GAME_VERSION}`, [path('version')]);
  tie(result.board.id === claims.challenge, 'the board is the challenge’s', [path('board', 'id')]);
  tie(result.board.transform === 'identity', 'the daily board is not transformed', [path('board', 'transform')]);
  const { start, exit } = result.board;
  for (const axis of ['x', 'y'] as const) {
    tie(start[axis] === 0 || start[axis] === EDGE, 'the daily board starts in a corner', [], [path('board', 'start', axis)]);
    tie(exit[axis] === 0 || exit[axis] === EDGE, 'the daily board’s EXIT is in a corner', [], [path('board', 'exit', axis)]);
    tie(exit[axis] === EDGE - start[axis], 'EXIT is in the corner opposite the start', [path('board', 'exit', axis), path('board', 'start', axis)]);
  }

  const frames = result.replay;
  if (frames.length !== stated.length) {
    tie(false, 'the replay has a frame per action', [path('replay')]);
    return rules;
  }
  const events = frames.map((_, index) => path('replay', index, 'event'));
  const exitAt = frames.findIndex((frame) => frame.event === 'exit');
  const collected = new Map<string, number>();
  frames.forEach((frame, index) => {
    const field = (...segments: (string | number)[]) => path('replay', index, ...segments);
    const action = stated[index]!;
    const previous = frames[index - 1];
    tie(frame.step === index + 1, 'frames are numbered from 1', [field('step')]);
    tie(frame.action === action, 'each frame plays the receipt’s action', [field('action')]);
    tie((frame.event === 'ignored') === (exitAt !== -1 && index > exitAt), 'the frames after EXIT, and only they, are ignored', [], [field('event'), ...events.slice(0, index)]);
    const moving = MOVING.has(frame.event);
    for (const axis of ['x', 'y'] as const) {
      const before = previous ? path('replay', index - 1, 'to', axis) : path('board', 'start', axis);
      tie(frame.from[axis] === (previous ? previous.to[axis] : start[axis]), 'a frame starts where the last one ended', [field('from', axis), before]);
      const step = STEP[action][axis];
      tie(
        frame.to[axis] === frame.from[axis] + (moving ? step : 0),
        'a frame moves by its action unless it collides',
        [field('to', axis), field('from', axis)],
        step === 0 ? [] : [field('event')],
      );
      if (frame.event === 'exit') tie(frame.to[axis] === exit[axis], 'EXIT is reached on the EXIT cell', [field('to', axis), path('board', 'exit', axis)], [field('event')]);
    }
    const landsOnExit = frame.to.x === exit.x && frame.to.y === exit.y;
    tie(
      !(moving && frame.event !== 'exit' && landsOnExit),
      'the EXIT cell ends the run',
      [],
      [field('event'), field('to', 'x'), field('to', 'y'), path('board', 'exit', 'x'), path('board', 'exit', 'y')],
    );
    const target = { x: frame.from.x + STEP[action].x, y: frame.from.y + STEP[action].y };
    tie(
      !moving || (target.x >= 0 && target.y >= 0 && target.x <= EDGE && target.y <= EDGE),
      'a move off the board collides',
      [],
      [field('event'), field('from', 'x'), field('from', 'y')],
    );
    tie((frame.signal !== null) === (frame.event === 'signal'), 'a frame names a signal when it collects one', [], [field('signal'), field('event')]);
    if (frame.signal !== null) {
      tie(SIGNAL_IDS.includes(frame.signal), `the day’s signals are ${SIGNAL_IDS.join(', ')}`, [], [field('signal')]);
      const earlier = collected.get(frame.signal);
      if (earlier !== undefined) tie(false, 'a signal is collected once', [], [field('signal'), path('replay', earlier, 'signal')]);
      else collected.set(frame.signal, index);
    }
    const fixed = frame.event === 'exit' ? SCORING.exit + SCORING.efficiencyPerUnusedAction * (MAX_ACTIONS - index - 1) : FIXED_DELTA[frame.event];
    if (fixed !== undefined) tie(frame.delta === fixed, 'a frame’s delta follows from its event', [field('delta')], [field('event')]);
    else tie(frame.delta >= 1 && frame.delta <= MAX_SIGNAL_VALUE, `a signal is worth 1 to ${MAX_SIGNAL_VALUE}`, [], [field('delta'), field('event')]);
    tie(frame.score === (previous?.score ?? 0) + frame.delta, 'a frame’s score is the last one plus its delta', [
      field('score'),
      field('delta'),
      ...(previous ? [path('replay', index - 1, 'score')] : []),
    ]);
  });

  const ignored = frames.filter((frame) => frame.event === 'ignored').length;
  tie(result.usedActions + result.ignoredActions === stated.length, 'used and ignored actions are all the actions', [path('usedActions'), path('ignoredActions')]);
  tie(result.usedActions === stated.length - ignored, 'used actions are the frames not ignored', [path('usedActions')], events);
  tie(result.ignoredActions === ignored, 'ignored actions are the ignored frames', [path('ignoredActions')], events);
  tie((exitAt !== -1) === claims.reachedExit, 'a frame reaches EXIT when the receipt says it was reached', [], events);
  const { breakdown } = result;
  for (const [part, event] of [
    ['signals', 'signal'],
    ['hazards', 'hazard'],
    ['collisions', 'collision'],
  ] as const) {
    const deltas = frames.flatMap((frame, index) => (frame.event === event ? [{ delta: frame.delta, field: path('replay', index, 'delta') }] : []));
    tie(
      breakdown[part] === deltas.reduce((sum, { delta }) => sum + delta, 0),
      `breakdown.${part} adds up the ${event} frames’ deltas`,
      [path('breakdown', part), ...deltas.map(({ field }) => field)],
      events,
    );
  }
  tie(breakdown.exit === (exitAt === -1 ? 0 : SCORING.exit), 'the exit bonus is given on reaching EXIT', [path('breakdown', 'exit')], events);
  tie(
    breakdown.efficiency === (exitAt === -1 ? 0 : SCORING.efficiencyPerUnusedAction * (MAX_ACTIONS - exitAt - 1)),
    'efficiency counts the actions left at EXIT',
    [path('breakdown', 'efficiency')],
    events,
  );
  const parts = (['signals', 'exit', 'efficiency', 'hazards', 'collisions'] as const).map((part) => path('breakdown', part));
  tie(breakdown.signals + breakdown.exit + breakdown.efficiency + breakdown.hazards + breakdown.collisions === claims.total, 'the breakdown adds up to the total', parts);
  tie((frames.at(-1)?.score ?? 0) === claims.total, 'the last frame’s score is the total', frames.length > 0 ? [path('replay', frames.length - 1, 'score')] : []);
  return rules;
}

/**
 * The fields a single change explains: tied by every broken rule, and held by no rule that
 * holds (a change to it would have broken that one too). When the rules disagree (more than
 * one field changed), the fields of the first broken rule. None when no rule is broken.
 */
export function suspects(readings: readonly RuleReading[]): { rule: string; paths: string[] } | undefined {
  const broken = readings.filter((reading) => !reading.holds);
  const [first] = broken;
  if (!first) return undefined;
  const tied = (reading: RuleReading) => [...reading.exact, ...reading.loose];
  const common = tied(first).filter((path) => broken.every((reading) => tied(reading).includes(path)));
  const held = new Set(readings.filter((reading) => reading.holds).flatMap((reading) => reading.exact));
  const unheld = common.filter((path) => !held.has(path));
  const paths = unheld.length > 0 ? unheld : common.length > 0 ? common : tied(first);
  return { rule: broken.find((reading) => tied(reading).includes(paths[0]!))?.rule ?? first.rule, paths };
}
