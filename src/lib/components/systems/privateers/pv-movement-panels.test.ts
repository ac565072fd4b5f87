// Issue 31: the Phase 1 orders card and the Phase 4 movement card show the moves' own figures
// (giveOrders.preview, moveShip.preview, drift.preview, dropAnchor.preview). Drawn as the battle
// page draws them, on battles built through the real moves (the moves fixture), the figures are
// the ones the cards showed before from speedCap and planMove on the same ships.
import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleState } from '$lib/engine/events';
import { giveOrders, planMove, setHeading, setWind } from '$lib/rules/privateers/moves';
import {
  exampleFrigate,
  FIGHTING_SAIL,
  must,
  play,
  sheet,
  twoShips
} from '$lib/rules/privateers/moves.fixture';
import { DEFAULT_OPTIONS as O } from '$lib/rules/privateers/options';
import { speedCap } from '$lib/rules/privateers/resolve-movement';
import type { ProcedureId } from '$lib/rules/privateers/resolve-turn';
import type { BattleSession } from '$lib/state/battle.svelte';
import PvMoveShip from './PvMoveShip.svelte';
import PvOrders from './PvOrders.svelte';

/** The cards read only the state (and the live table, none here) before an action. */
const sessionOf = (state: BattleState) =>
  ({ state, live: null, history: { done: [] }, isBusy: false }) as unknown as BattleSession;

/** Surprise heading 120° in a wind from 0°, at Fighting Sail, her rigging a third shot away. */
function damaged(): BattleState {
  let s = twoShips(exampleFrigate(), {
    both: FIGHTING_SAIL,
    a: { rigging: { points: 30, damage: 20 } }
  });
  s = must(play(setWind, s, { windFromDeg: 0 })).next;
  return must(play(setHeading, s, { shipId: 'a', headingDeg: 120 })).next;
}

const text = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/\s+/g, ' ');

describe('the movement cards show the moves’ own figures (issue 31)', () => {
  it('orders: the point of sail, the damage’s cap and the problems, as before', () => {
    const s = damaged();
    const a = sheet(s, 'a');
    expect(speedCap(a).cap).toBe(1);
    const ships = Object.values(s.ships);
    const { body } = render(PvOrders, { props: { session: sessionOf(s), options: O, ships } });
    const t = text(body);
    expect(t).toContain(
      'Wind from 0°, heading 120°: 120° off the wind, <strong>Broad Reaching</strong>. Before these orders: Fighting Sail; damage allows at most Fighting Sail.'
    );
    // Hermione, undamaged, has no cap line.
    expect(t).toContain(
      'Wind from 0°, heading 0°: 0° off the wind, <strong>In Irons</strong>. Before these orders: Fighting Sail.'
    );
  });

  it('the move: the plan, and the drift pad with its odds folded', () => {
    const ordered = must(
      play(giveOrders, damaged(), { shipId: 'a', sail: 1, maneuver: 'starboard' })
    );
    const s = { ...ordered.next, phase: 3 };
    const a = sheet(s, 'a');
    const plan = must(planMove(s, a, O));
    const props = (state: BattleState, procs: ProcedureId[]) => ({
      session: sessionOf(state),
      options: O,
      ship: state.ships.a,
      sheet: sheet(state, 'a'),
      procs,
      hasMoved: false,
      position: 1
    });
    const t = text(render(PvMoveShip, { props: props(s, ['movement']) }).body);
    expect(t).toContain(`Allotment <strong>${plan.total}″</strong>: ${plan.text}.`);
    expect(t).toContain('(damage: at most Fighting Sail)');
    expect(t).toContain('Turn to starboard (degrees, up to 45)');

    const still = must(play(giveOrders, damaged(), { shipId: 'a', sail: 0, maneuver: 'straight' }));
    const drifting = { ...still.next, phase: 3 };
    const d = text(render(PvMoveShip, { props: props(drifting, ['drift', 'dropAnchor']) }).body);
    expect(d).toContain('Surprise, drift');
    // Drift's odds are folded and built when opened (issue 39); its die is on the card.
    expect(d).toContain('Drift odds: Surprise');
    expect(d).not.toMatch(/data-fraction/);
    expect(d).toContain('data-testid="dice-pad"');
    expect(d).toContain('Move first (inches, up to 3)');
  });

  it('builds the heading’s stepper only when its fold is opened (issue 39); the fold names it', () => {
    const s = { ...damaged(), phase: 3 };
    const props = {
      session: sessionOf(s),
      options: O,
      ship: s.ships.a,
      sheet: sheet(s, 'a'),
      procs: ['movement'] as ProcedureId[],
      hasMoved: false,
      position: 1
    };
    const t = text(render(PvMoveShip, { props }).body);
    expect(t).toContain('Change the heading (120°)');
    expect(t).not.toContain('Heading of Surprise (degrees)');
    expect(t).not.toContain('Set heading');
  });
});
