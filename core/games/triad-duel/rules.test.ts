import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sequence } from '../../../test/support/arbitraries/triad-duel.ts';
import { dailyCircuit } from './circuit.ts';
import { MOVES, parseSequence, type Move } from './moves.ts';
import { scoreDuel } from './rules.ts';

const field = fc
  .array(fc.record({ glyph: fc.constantFrom(...MOVES), weight: fc.integer({ min: 1, max: 3 }) }), { minLength: 12, maxLength: 12 })
  .map((rounds) => rounds.map((round, i) => ({ round: i + 1, ...round })));

describe('Triad Duel scoring', () => {
  it('swapping the two players swaps their scores and the outcome', () => {
    fc.assert(
      fc.property(field, sequence, sequence, (f, a, b) => {
        const ab = scoreDuel(f, a, b);
        const ba = scoreDuel(f, b, a);
        expect(ba.totals).toEqual({ challenger: ab.totals.responder, responder: ab.totals.challenger });
        const swapped = { 'challenger-wins': 'responder-wins', 'responder-wins': 'challenger-wins', draw: 'draw' } as const;
        expect(ba.outcome).toBe(swapped[ab.outcome]);
      }),
    );
  });

  it('totals equal the sum of round points and alignment', () => {
    fc.assert(
      fc.property(field, sequence, sequence, (f, a, b) => {
        const { rounds, totals, outcome } = scoreDuel(f, a, b);
        for (const side of ['challenger', 'responder'] as const) {
          expect(totals[side]).toBe(rounds.reduce((sum, r) => sum + r.points[side] + r.alignment[side], 0));
        }
        expect(outcome).toBe(totals.challenger > totals.responder ? 'challenger-wins' : totals.challenger < totals.responder ? 'responder-wins' : 'draw');
      }),
    );
  });

  it('scores each round as the rules say', () => {
    const f = [{ round: 1, glyph: 'R' as Move, weight: 3 }];
    expect(scoreDuel(f, ['R'], ['S']).rounds[0]).toMatchObject({ winner: 'challenger', points: { challenger: 6, responder: 0 }, alignment: { challenger: 1, responder: 0 } });
    expect(scoreDuel(f, ['P'], ['P']).rounds[0]).toMatchObject({ winner: 'tie', points: { challenger: 3, responder: 3 } });
    expect(scoreDuel(f, ['S'], ['R']).rounds[0]).toMatchObject({ winner: 'responder', points: { challenger: 0, responder: 6 }, alignment: { challenger: 0, responder: 1 } });
  });
});

describe('sequences', () => {
  const letters = fc.constantFrom(...'RPSrps', 'X', ' ', 'Ｒ', ',');
  it('are accepted exactly when they hold 12 moves, four each of R, P and S, in any case', () => {
    fc.assert(
      fc.property(
        fc.array(letters, { minLength: 10, maxLength: 14 }).map((c) => c.join('')),
        (text) => {
          const upper = [...text].map((c) => c.toUpperCase());
          const valid = [...text].length === 12 && [...text].every((c) => 'RPSrps'.includes(c)) && MOVES.every((m) => upper.filter((c) => c === m).length === 4);
          const parsed = parseSequence(text);
          expect(parsed.ok).toBe(valid);
          if (parsed.ok) expect(parsed.value).toEqual(upper);
        },
      ),
      { numRuns: 3_000 },
    );
    fc.assert(
      fc.property(sequence, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (moves, lower) => {
        const text = moves.map((m, i) => (lower[i] ? m.toLowerCase() : m)).join('');
        expect(parseSequence(text)).toEqual({ ok: true, value: moves });
      }),
    );
  });
});

describe('daily circuits', () => {
  it('are 12 rounds of glyphs and weights 1 to 3, the same for the same secret and date', () => {
    const secret = new Uint8Array(32).fill(1);
    const circuit = dailyCircuit(secret, '2026-11-21');
    expect(circuit.id).toBe('triad-circuit-2026-11-21');
    expect(circuit.field).toHaveLength(12);
    expect(circuit.field.every((r, i) => r.round === i + 1 && MOVES.includes(r.glyph) && r.weight >= 1 && r.weight <= 3)).toBe(true);
    expect(dailyCircuit(secret, '2026-11-21')).toEqual(circuit);
    expect(dailyCircuit(secret, '2026-11-22').field).not.toEqual(circuit.field);
    expect(dailyCircuit(new Uint8Array(32).fill(2), '2026-11-21').field).not.toEqual(circuit.field);
  });
});
