// Issue 31: a Master and Commander calculator's figures are the move's own. Each calculator is drawn
// as the page draws it, and its figures are compared with what the move's preview says on a battle
// set up through the real moves (the testkit, as a New battle sets one up): a calculator that worked
// its odds out some other way, or on another battle, fails here. The figures themselves are checked
// against independent enumeration in rules/master-and-commander/odds.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { formatFraction } from '$lib/engine/rational';
import {
  attackMove,
  boardMove,
  counterAttackMove,
  firstPlayerMove,
  movementRollMove,
  endTurnMove,
  moveShipMove,
  raidMove,
  ramAttemptMove,
  repairMove,
  windMove
} from '$lib/rules/master-and-commander/moves';
import {
  atEngagements,
  calculatorBattle,
  playRoll,
  withPrizeDisks,
  prepareCalculatorBattle
} from '$lib/rules/master-and-commander/calculator-battle';
import {
  ctxOf,
  moveOf,
  must,
  play,
  twoPlayerGame,
  typed
} from '$lib/rules/master-and-commander/moves.testkit';
import { DEFAULT_OPTIONS } from '$lib/rules/master-and-commander/options';
import { editSheetMove } from '$lib/battle/ship-moves';
import { SCHEMAS } from '$lib/rules/master-and-commander/sheet-schema';
import type { Sheet } from '$lib/rules/master-and-commander/sheet';
import { COMPASS } from '$lib/rules/master-and-commander/tables';
import McBoardingCalculator from './McBoardingCalculator.svelte';
import McMovementCalculator from './McMovementCalculator.svelte';
import McEngagementCalculator from './McEngagementCalculator.svelte';
import McDuelCalculator from './McDuelCalculator.svelte';
import McFirstPlayerCalculator from './McFirstPlayerCalculator.svelte';
import McRaidCalculator from './McRaidCalculator.svelte';
import McRamCalculator from './McRamCalculator.svelte';
import McRepairCalculator from './McRepairCalculator.svelte';

// The calculators' battles are set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

/** Every outcome's label and exact fraction on the page, in order. */
function outcomesOf(body: string): string[] {
  return [
    ...body.matchAll(/<li class="outcome[^"]*" data-label="([^"]*)" data-fraction="([^"]*)"/g)
  ].map((m) => `${m[1]}: ${m[2]}`);
}

/** The headings of the dice pad's groups, in order (whose dice). */
const padGroupsOf = (body: string): string[] =>
  [...body.matchAll(/data-testid="dice-group" aria-label="Dice: ([^"]*)"/g)].map((m) => m[1]);

const listed = (odds: readonly { label: string; p: Parameters<typeof formatFraction>[0] }[]) =>
  odds.map((o) => `${o.label}: ${formatFraction(o.p)}`);

describe('the Master and Commander calculators answer through the moves (issue 31)', () => {
  it('engagement: the attack and the whole engagement are the attack move’s preview', () => {
    const { body } = render(McEngagementCalculator);
    // Opens on two full-strength ships of the Basic game, both broadside (a counter-attack).
    const battle = twoPlayerGame('basic');
    const aim = { attackerId: 'ship-1', targetId: 'ship-3', isMutualBroadside: true };
    const outlook = must(attackMove.preview.odds(battle, aim, DEFAULT_OPTIONS));
    expect(outcomesOf(body)).toEqual([...listed(outlook.attack), ...listed(outlook.whole)]);
    expect(body).toContain(`data-fraction="${formatFraction(outlook.attack[0].p)}"`);
  });

  it('boarding: the chance of taking her is the boarding move’s preview', () => {
    const { body } = render(McBoardingCalculator);
    // Opens on a full-strength boarder against a ship with one Prize Disk left: an Advanced game
    // where Anna's second ship has just hit Ben's first.
    let s = twoPlayerGame('advanced', { boarding: true });
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    s = must(play(windMove, s, { roll: typed([4]) })).next;
    for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
    const hit = { attackerId: 'ship-2', targetId: 'ship-3', side: null, isMutualBroadside: false };
    s = must(
      play(attackMove, s, { ...hit, attack: typed([6, 5, 2]), defence: typed([6, 4, 1]) })
    ).next;
    const aim = { attackerId: 'ship-1', targetId: 'ship-3', isBoardingPosition: true };
    const outlook = must(boardMove.preview.odds(s, aim, DEFAULT_OPTIONS));
    expect(outlook.odds.length).toBe(2);
    expect(outcomesOf(body)).toEqual(listed(outlook.odds));
    expect(body).toContain(`data-fraction="${formatFraction(outlook.odds[0].p)}"`);
    // The pad is the move's: the boarders' three dice and the defender's, each side's own
    // (failed before: two unnamed groups of the calculator's own).
    const dice = must(boardMove.preview.dice(s, aim, DEFAULT_OPTIONS));
    expect(dice.map((d) => [d.group, d.count])).toEqual([
      ['Attacker: Anna 1', 3],
      ['Defender: Ben 1', 2]
    ]);
    expect(padGroupsOf(body)).toEqual(['Attacker: Attacker 1', 'Defender: Defender 1']);
    expect(body).toContain('Roll 5d6');
  });
  it('raid: the odds of taking a Repair Card and the dice are the raid move’s preview', () => {
    const { body } = render(McRaidCalculator);
    // Opens on a full-strength raider broadside to an enemy Homeport that holds its cards.
    let s = twoPlayerGame('advanced', { raids: true });
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    s = must(play(windMove, s, { roll: typed([4]) })).next;
    const aim = { shipId: 'ship-1', target: 'S' as const };
    const odds = must(raidMove.preview.odds(s, aim, DEFAULT_OPTIONS));
    expect(odds[0].label).toBe('Takes a Repair Card');
    expect(outcomesOf(body)).toEqual(listed(odds));
    const dice = must(raidMove.preview.dice(s, aim, DEFAULT_OPTIONS));
    expect(dice.map((d) => d.count)).toEqual([3, 3]);
    expect(body).toContain('Dice: Defender: S Homeport');
  });
  it('ramming: the disks at stake, the chance she sinks and the rammer’s die are the ram move’s preview', () => {
    const { body } = render(McRamCalculator);
    // Opens on a full-strength attacker lying across the bow of the ship she attacked, repelled.
    let s = twoPlayerGame('advanced', { ramming: true });
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    s = must(play(windMove, s, { roll: typed([4]) })).next;
    for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
    const across = {
      attackerId: 'ship-1',
      targetId: 'ship-3',
      side: null,
      isMutualBroadside: false
    };
    s = must(
      play(attackMove, s, { ...across, attack: typed([1, 1, 1]), defence: typed([6, 6, 6]) })
    ).next;
    const outlook = must(ramAttemptMove.preview.odds(s, {}, DEFAULT_OPTIONS));
    expect(body).toContain(`data-fraction="${formatFraction(outlook.sinks)}"`);
    const rows = [...body.matchAll(/<tr data-value="(\d+)"[^>]*data-fraction="([^"]*)"/g)].map(
      (m) => `${m[1]}: ${m[2]}`
    );
    expect(rows).toEqual(outlook.lost.entries().map((e) => `${e.value}: ${formatFraction(e.p)}`));
    // The rammer's die, as the move asks for it: the rammed-at ship's (A.4.13 step 3).
    const [die] = must(ramAttemptMove.preview.dice(s, {}, DEFAULT_OPTIONS));
    expect(die.group).toBe('Rammer: Ben 1');
    expect(body).toContain('Dice: Rammer: Defender 1');
  });
  it('slug it out: the chance each ship sinks the other first is the attack move’s preview', () => {
    const { body } = render(McDuelCalculator);
    // Opens on two full-strength ships of the Basic game broadside to one another; the table gives
    // the mover's chance at every pair of strengths.
    const battle = twoPlayerGame('basic');
    const aim = { attackerId: 'ship-1', targetId: 'ship-3', isMutualBroadside: true };
    const duelAt = (x: number, y: number) => {
      const s = must(withPrizeDisks(battle, { 'ship-1': x, 'ship-3': y }));
      const duel = must(attackMove.preview.odds(s, aim, DEFAULT_OPTIONS)).duel;
      if (duel === null) throw new Error('no duel');
      return duel;
    };
    const full = duelAt(2, 2);
    expect(outcomesOf(body)).toEqual([
      `Ship X sinks ship Y first: ${formatFraction(full.xWins)}`,
      `Ship Y sinks ship X first: ${formatFraction(full.yWins)}`
    ]);
    const cells = [...body.matchAll(/<td title="([^"]*)"/g)].map((m) => m[1]);
    const disks = [2, 1, 0];
    expect(cells).toEqual(
      disks.flatMap((x) => disks.map((y) => formatFraction(duelAt(x, y).xWins)))
    );
  });
  it('first player: the chance one roll decides and each captain’s die are the first-player move’s preview', () => {
    const { body } = render(McFirstPlayerCalculator);
    // Opens on two players; the move's preview on a battle of two captains set up as a battle is.
    const start = twoPlayerGame('beginner');
    const players = { playerIds: ['Anna', 'Ben'] };
    const p = must(firstPlayerMove.preview.odds(start, players, DEFAULT_OPTIONS));
    expect(outcomesOf(body)[0]).toBe(`One player alone rolls highest: ${formatFraction(p)}`);
    const dice = must(firstPlayerMove.preview.dice(start, players, DEFAULT_OPTIONS));
    expect(dice.map((d) => [d.count, d.ship, d.group])).toEqual([
      [1, null, 'Anna'],
      [1, null, 'Ben']
    ]);
    // The same pad, each captain's die under the captain's name.
    expect(body).toContain('Dice: Player 1');
    expect(body).toContain('Dice: Player 2');
  });
  it('first player: the dice pad names each captain once, over the die he rolls', () => {
    const { body } = render(McFirstPlayerCalculator);
    // What the referee reads in each group of the pad: the captain's name as its heading, then
    // what the die is for; not the name again (it printed "Player 1" twice, one under the other).
    const groups = [
      ...body.matchAll(
        /<section class="group[^"]*" data-testid="dice-group"[^>]*>(.*?)<\/section>/g
      )
    ].map((m) =>
      m[1]
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    );
    expect(groups).toHaveLength(2);
    for (const [i, text] of groups.entries()) {
      const name = `Player ${i + 1}`;
      expect(text.startsWith(name)).toBe(true);
      expect(text.split(name).length - 1).toBe(1);
    }
  });
});

describe('the Master and Commander movement calculator answers through the ship’s move (issue 31)', () => {
  it('movement: the allowance at each bow is the ship move’s preview', () => {
    const { body } = render(McMovementCalculator);
    // Opens on the Basic game, the wind from the north, the bow north: Anna 1 in a battle made as
    // the New battle page makes it, her bow turned so on her sheet, the Wind Die showing N (pip 1).
    let s = twoPlayerGame('basic');
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
    s = must(play(windMove, s, { roll: typed([1]) })).next;
    const at = (heading: (typeof COMPASS)[number]) => {
      const sheet = { ...(s.ships['ship-1'].sheet as unknown as Sheet), heading };
      const edit = { shipId: 'ship-1', sheet, summary: `Heading ${heading}` };
      const bow = must(play(editSheetMove(SCHEMAS), s, edit)).next;
      return must(moveShipMove.preview.odds(bow, { shipId: 'ship-1' }, DEFAULT_OPTIONS));
    };
    const north = at('N');
    const shown = body.match(/data-testid="mc-allowance"><strong[^>]*>(\d+)<\/strong>\s*([^<]*)</);
    expect([shown?.[1], shown?.[2].trim()]).toEqual([String(north.squares), north.text]);
    const list = [...body.matchAll(/<li>Bow ([A-Za-z]+): ([^<]*)<\/li>/g)].map((m) => m[2]);
    expect(list).toEqual(COMPASS.map((h) => at(h).text));
  });
});

describe('the Master and Commander repairs calculator answers through the repair move (issue 31)', () => {
  it('repairs: whether she may repair, what it costs and the pile it draws on are the repair move’s preview', () => {
    const { body } = render(McRepairCalculator);
    // Opens on a ship in her own Homeport with no Prize Disk left: in a battle made as the New
    // battle page makes it, Ben goes first and his two ships hit Anna 1; then it is Anna's turn.
    let s = twoPlayerGame('basic');
    s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([1, 6]) })).next;
    s = must(play(windMove, s, { roll: typed([4]) })).next;
    for (const id of ['ship-3', 'ship-4']) s = must(moveOf(s, id)).next;
    for (const id of ['ship-3', 'ship-4']) {
      const aim = { attackerId: id, targetId: 'ship-1', side: null, isMutualBroadside: false };
      // Every attack die a six, every defence die a one (the dice the move asks for): a hit.
      const [a, d] = must(attackMove.preview.dice(s, aim, DEFAULT_OPTIONS)).map((n, i) =>
        typed(Array<number>(n.count).fill(i === 0 ? 6 : 1))
      );
      s = must(play(attackMove, s, { ...aim, attack: a, defence: d })).next;
    }
    s = must(play(endTurnMove, s, {})).next;
    const outlook = must(repairMove.preview.odds(s, { shipId: 'ship-1' }, DEFAULT_OPTIONS));
    expect(body).toContain(`data-testid="mc-repair-result">${outlook.text}<`);
    const holds = body.match(/data-testid="mc-repair-holds">([^<]*)</)?.[1].replace(/\s+/g, ' ');
    expect(holds).toBe(
      `Now: 0 Prize Disks on the ship (0 repaired this turn); ${outlook.cardsInPile} Repair Cards at the ${outlook.pileAt} Homeport; ${outlook.disksSetAside} discarded Prize Disks set aside.`
    );
    expect([outlook.cost, outlook.cardsInPile, outlook.disksSetAside]).toEqual([1, 4, 2]);
  });
});

describe('the calculators’ battle reaches the next move as a battle does (issue 31)', () => {
  const O = DEFAULT_OPTIONS;
  // The engagement calculator plays the attack the referee rolls on its battle at the first
  // captain's engagements, then asks the counter-attack move its odds and dice there.
  it.each([
    ['basic', [6, 5, 2], [6, 4, 1], 'current'],
    ['basic', [6, 5, 2], [6, 4, 1], 'preHit'],
    ['beginner', [6], [4], 'current']
  ] as const)(
    '%s: the counter-attack after a hit is the move’s, as in a battle (%s v %s, %s)',
    (variant, a, d, rule) => {
      const opts = { ...O, counterAttackDice: rule };
      const built = must(calculatorBattle(variant));
      const ready = must(atEngagements(built.state, variant, opts));
      const aim = {
        attackerId: built.ours,
        targetId: built.theirs,
        side: null,
        isMutualBroadside: true
      };
      const hit = must(
        playRoll(attackMove, ready, { ...aim, attack: typed(a), defence: typed(d) }, variant, opts)
      );
      const calc = must(counterAttackMove.preview.odds(hit.next, {}, opts));

      // The same attack in a battle made as the New battle page makes it.
      let s = twoPlayerGame(variant);
      s = must(play(firstPlayerMove, s, { playerIds: ['Anna', 'Ben'], roll: typed([6, 1]) })).next;
      if (variant === 'beginner') {
        s = must(play(movementRollMove, s, { shipId: 'ship-1', roll: typed([1]) })).next;
        s = must(moveOf(s, 'ship-1', { forward: 1 })).next;
      } else {
        s = must(play(windMove, s, { roll: typed([4]) })).next;
        for (const id of ['ship-1', 'ship-2']) s = must(moveOf(s, id)).next;
      }
      const target = variant === 'beginner' ? 'ship-2' : 'ship-3';
      const real = { attackerId: 'ship-1', targetId: target, side: null, isMutualBroadside: true };
      const ctx = ctxOf(opts);
      const fought = must(
        play(attackMove, s, { ...real, attack: typed(a), defence: typed(d) }, ctx)
      ).next;
      const battle = must(counterAttackMove.preview.odds(fought, {}, opts));
      expect(hit.summary).toContain('hit');
      expect(listed(calc.odds)).toEqual(listed(battle.odds));
      expect([calc.due.attackDice, calc.due.defenceDice]).toEqual([
        battle.due.attackDice,
        battle.due.defenceDice
      ]);
    }
  );
});
