// Issue 31 item 2: the wind panels read the Wind Die's and the storm roll's odds, the sand and when
// the roll is due from the moves' previews. What the previews say is checked here against every
// face played through the real moves (brute force), against SPEC A.4.3 worked by hand, and against
// the moves' own refusals. Battles built through the real moves (the testkit).
import { describe, expect, it } from 'vitest';
import type { BattleState } from '../../engine/events';
import { formatFraction } from '../../engine/rational';
import { endTurnMove, stormMove, windMove } from './moves';
import { annaFirst, ctxOf, errorOf, must, play, twoPlayerGame, typed } from './moves.testkit';
import { DEFAULT_OPTIONS, type McOptions } from './options';
import type { WindOutcome } from './resolve-wind';

const T0 = 1_000_000;
const GLASS_MS = 180_000;

/** Anna to move, the wind rolled at T0 from `pip` (null: none yet), then, if asked, the turn
 *  passed once the sand ran out, so the next roll is due. */
function windDue(pip: number | null, opts: McOptions = DEFAULT_OPTIONS): BattleState {
  const s = annaFirst(twoPlayerGame('basic'));
  if (pip === null) return s;
  const set = must(play(windMove, s, { roll: typed([pip]) }, ctxOf(opts, T0))).next;
  return must(play(endTurnMove, set, {}, ctxOf(opts, T0 + GLASS_MS + 1))).next;
}

const NOW = T0 + GLASS_MS + 2;

/** Every face of the die played through the move: the wind it settles on, re-rolls left out. */
function bruteForce(s: BattleState, opts: McOptions): Record<string, string> {
  const counts = new Map<string, number>();
  let settled = 0;
  for (let pip = 1; pip <= 6; pip++) {
    const p = must(play(windMove, s, { roll: typed([pip]) }, ctxOf(opts, NOW)));
    const outcome = p.roll?.outcome as unknown as WindOutcome;
    if (outcome.kind === 'reroll') continue;
    settled++;
    const label = 'storm' in outcome.wind ? 'Storm' : `From the ${outcome.wind.from}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([l, n]) => [l, fraction(n, settled)]));
}

function fraction(n: number, d: number): string {
  const g = (a: number, b: number): number => (b === 0 ? a : g(b, a % b));
  return `${n / g(n, d)}/${d / g(n, d)}`;
}

function previewed(s: BattleState, opts: McOptions): Record<string, string> {
  const o = must(windMove.preview.odds(s, { now: NOW }, opts));
  return Object.fromEntries(o.odds.map((x) => [x.label, formatFraction(x.p)]));
}

const REROLL: McOptions = { ...DEFAULT_OPTIONS, steadyAfterStorm: 'reroll' };

describe('the Wind Die and the storm say their odds and dice before the roll (issue 31)', () => {
  it.each([
    // No wind yet: a Steady is rolled again, so each of the five other faces is 1 in 5.
    [
      'no wind yet',
      null,
      DEFAULT_OPTIONS,
      { N: '1/5', S: '1/5', E: '1/5', W: '1/5', Storm: '1/5' }
    ],
    // From the north: a Steady keeps it ("the wind direction remains the same").
    ['a northerly', 1, DEFAULT_OPTIONS, { N: '1/3', S: '1/6', E: '1/6', W: '1/6', Storm: '1/6' }],
    // In a storm a Steady keeps the storm ([DEFAULT] steadyAfterStorm='stormContinues')...
    ['a storm', 5, DEFAULT_OPTIONS, { N: '1/6', S: '1/6', E: '1/6', W: '1/6', Storm: '1/3' }],
    // ...or is rolled again under the other reading.
    [
      'a storm, Steady re-rolled',
      5,
      REROLL,
      { N: '1/5', S: '1/5', E: '1/5', W: '1/5', Storm: '1/5' }
    ]
  ])('%s: the odds equal every face played through the move', (_name, pip, opts, byHand) => {
    const s = windDue(pip, opts);
    const expected = Object.fromEntries(
      Object.entries(byHand).map(([k, v]) => [k === 'Storm' ? k : `From the ${k}`, v])
    );
    expect(bruteForce(s, opts)).toEqual(expected);
    expect(previewed(s, opts)).toEqual(expected);
  });

  it('what each face does is what the move does with it, and the die is the sea’s', () => {
    const s = windDue(1);
    const o = must(windMove.preview.odds(s, { now: NOW }, DEFAULT_OPTIONS));
    expect(o.windName).toBe('Northerly (from the north)');
    expect(o.faces.map((f) => f.label)).toEqual(['N', 'S', 'E', 'W', 'Storm', 'Steady']);
    for (const f of o.faces) {
      const p = must(play(windMove, s, { roll: typed([f.pip]) }, ctxOf(DEFAULT_OPTIONS, NOW)));
      expect(p.roll?.outcome).toEqual(f.outcome);
      expect(p.summary).toContain(f.outcome.text);
      // The odds the log keeps are the ones the preview showed.
      expect(p.roll?.odds).toEqual(o.odds.map((x) => ({ label: x.label, p: formatFraction(x.p) })));
      const dice = must(windMove.preview.dice(s, { now: NOW }, DEFAULT_OPTIONS));
      expect(
        dice.map(({ count, sides, ship, isHighGood }) => ({ count, sides, ship, isHighGood }))
      ).toEqual(
        (p.draft.meaning?.dice ?? []).map(({ count, sides, ship, isHighGood }) => ({
          count,
          sides,
          ship,
          isHighGood
        }))
      );
    }
  });

  it('the sand and when the roll is due: refused while the sand runs and mid-turn, as the move refuses', () => {
    const opts = DEFAULT_OPTIONS;
    const set = must(
      play(windMove, annaFirst(twoPlayerGame('basic')), { roll: typed([2]) }, ctxOf(opts, T0))
    ).next;
    const ask = (s: BattleState, now: number) => ({
      odds: must(windMove.preview.odds(s, { now }, opts)),
      dice: windMove.preview.dice(s, { now }, opts),
      move: play(windMove, s, { roll: typed([1]) }, ctxOf(opts, now))
    });
    // A minute and a half in: 1:59 (rounded up) of the three minutes left, not due.
    const running = ask(set, T0 + 61_500);
    expect(running.odds.glass).toEqual({
      durationMs: GLASS_MS,
      remainingMs: 118_500,
      isRunOut: false
    });
    expect(running.odds.isRollDue).toBe(false);
    expect(running.odds.refusal).toContain('The sand is still running (1:59 left)');
    expect(errorOf(running.dice)).toBe(running.odds.refusal);
    expect(errorOf(running.move)).toBe(running.odds.refusal);
    // Run out in Anna's turn: due for the next player, the wind holds until the turn ends.
    const out = ask(set, T0 + GLASS_MS);
    expect(out.odds.glass.isRunOut).toBe(true);
    expect(out.odds.isRollDue).toBe(true);
    expect(out.odds.refusal).toContain("during Anna's turn");
    expect(errorOf(out.dice)).toBe(out.odds.refusal);
    expect(errorOf(out.move)).toBe(out.odds.refusal);
    // Ben's turn: the roll is due and taken.
    const passed = must(play(endTurnMove, set, {}, ctxOf(opts, T0 + GLASS_MS))).next;
    const due = ask(passed, T0 + GLASS_MS);
    expect(due.odds.refusal).toBeNull();
    expect(must(due.dice).map((d) => d.count)).toEqual([1]);
    expect(due.move.ok).toBe(true);
  });

  it('the Beginner game has no Wind Die: the preview refuses as the move does', () => {
    const s = annaFirst(twoPlayerGame('beginner'));
    const move = play(windMove, s, { roll: typed([1]) }, ctxOf(DEFAULT_OPTIONS, T0));
    expect(errorOf(windMove.preview.dice(s, { now: T0 }, DEFAULT_OPTIONS))).toBe(errorOf(move));
    expect(windMove.preview.odds(s, { now: T0 }, DEFAULT_OPTIONS).ok).toBe(false);
  });

  it('the storm roll: one die, each face its squares, the captain’s; once a turn as the move says', () => {
    const s = windDue(5);
    const o = must(stormMove.preview.odds(s, {}, DEFAULT_OPTIONS));
    expect(o.roll).toBeNull();
    // Every face played through the move: its squares, each 1 in 6.
    const squares = [1, 2, 3, 4, 5, 6].map((face) => {
      const p = must(play(stormMove, s, { roll: typed([face]) }));
      return p.roll?.outcome;
    });
    expect(o.squares.entries().map((e) => [e.value, formatFraction(e.p)])).toEqual(
      squares.map((q) => [q, '1/6'])
    );
    const dice = must(stormMove.preview.dice(s, {}, DEFAULT_OPTIONS));
    const rolled = must(play(stormMove, s, { roll: typed([4]) }));
    expect(dice.map(({ count, ship, isHighGood }) => ({ count, ship, isHighGood }))).toEqual(
      (rolled.draft.meaning?.dice ?? []).map(({ count, ship, isHighGood }) => ({
        count,
        ship,
        isHighGood
      }))
    );
    // Made: the preview shows it, and refuses another as the move does.
    expect(must(stormMove.preview.odds(rolled.next, {}, DEFAULT_OPTIONS)).roll).toBe(4);
    expect(errorOf(stormMove.preview.dice(rolled.next, {}, DEFAULT_OPTIONS))).toBe(
      errorOf(play(stormMove, rolled.next, { roll: typed([2]) }))
    );
    // No storm, no storm roll.
    const calm = windDue(1);
    expect(errorOf(stormMove.preview.odds(calm, {}, DEFAULT_OPTIONS))).toBe('There is no storm.');
  });
});
