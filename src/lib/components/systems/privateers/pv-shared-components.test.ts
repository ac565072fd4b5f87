import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { BattleShip, BattleState } from '$lib/engine/events';
import { DEFAULT_OPTIONS } from '$lib/rules/privateers/options';
import { defaultSheet, type Sheet } from '$lib/rules/privateers/sheet';
import type { BattleSession } from '$lib/state/battle.svelte';
import PvClassEditor from './PvClassEditor.svelte';
import PvMoraleCalculator from './PvMoraleCalculator.svelte';
import PvGrapple from './PvGrapple.svelte';
import PvMarksmen from './PvMarksmen.svelte';
import PvSelect from './PvSelect.svelte';
import PvTasks from './PvTasks.svelte';
import SheetEditor from './SheetEditor.svelte';
import { ratingOptions } from './pv-ui';
import { prepareCalculatorBattle } from '$lib/rules/privateers/calculator-battle';

// The calculators' battle is set up with what loads apart from the page (issue 40).
beforeAll(() => prepareCalculatorBattle());

// The shared pieces the Privateers panels are built from: one labelled select, and Phase 6's crew
// checks drawn from one table (SPEC C.4.16). Rendered on the server, as the page first shows them.

describe('PvSelect', () => {
  it('is named by its label and shows the current value among the options', () => {
    const { body } = render(PvSelect, {
      props: { label: 'Crew', value: 1, options: ratingOptions('crew'), onchange: () => {} }
    });
    expect(body).toMatch(/<label class="field"><span>Crew<\/span>\s*<select/);
    expect(body).toMatch(/<option value="1"[^>]*selected[^>]*>Seaman \(1\)<\/option>/);
    expect(body).toContain('Tars (2)');
    expect(body).not.toMatch(/<select[^>]*disabled/);
  });

  it('the morale calculator names both rating selects as before', () => {
    const { body } = render(PvMoraleCalculator, { props: { options: DEFAULT_OPTIONS } });
    expect(body).toContain('<span>Commander (Captain, or whoever commands)</span>');
    expect(body).toContain('Old Salt (2)');
    expect(body).toContain('<span>Crew</span>');
  });
});

describe('the chart fields and sailing rates on the ship log and the class editor', () => {
  // EXAMPLE rates (user data; the text has no ship charts).
  const sailingRates: Sheet['sailingRates'] = {
    beating: [4, 6, 8],
    broadReaching: [5, 7, 9],
    running: [6, 8, 10]
  };
  const CHART = ['Crew', 'Marines'];
  const STEPPERS = ['Beating', 'Broad reaching', 'Running'].flatMap((p) =>
    ['Fighting Sail', 'Medium Sail', 'Full Sail'].map((s) => `${p} ${s}`)
  );

  it('the ship log: the rates in a 3 × 3 grid (#14 item 13), each field named, locked when read-only', () => {
    const sheet = { ...defaultSheet({ name: 'Surprise' }), sailingRates };
    const { body } = render(SheetEditor, { props: { sheet, readonly: true, onchange: () => {} } });
    for (const label of STEPPERS) expect(body).toContain(`aria-label="${label}"`);
    for (const label of CHART) expect(body).toContain(`>${label} at start</label>`);
    expect(body).toMatch(/<span class="rate-label[^"]*">Broad reaching<\/span>/);
    expect(body).toMatch(/aria-label="Running Full Sail" value="10" disabled/);
    expect(body).toMatch(/aria-label="Broad reaching Full Sail" value="9"/);
    // Nine fields in one grid, not nine steppers stacked on a phone.
    expect(body.match(/class="rate[ "]/g)).toHaveLength(9);
  });

  it('the class editor: the same grid with its row names', () => {
    const cls = {
      id: 'c',
      className: 'Example class',
      rig: 'squareRigged' as const,
      masts: 3,
      bowsprit: true,
      sailingRates,
      hullPoints: 0,
      riggingPoints: 0,
      crew: 0,
      marines: 0,
      boats: 0,
      guns: []
    };
    const { body } = render(PvClassEditor, { props: { classes: [cls], onchange: () => {} } });
    for (const label of STEPPERS) expect(body).toContain(`aria-label="${label}"`);
    for (const label of CHART) expect(body).toContain(`>${label}</label>`);
    expect(body).toContain('rate-label');
  });
});

describe('Phase 6 crew tasks', () => {
  // EXAMPLE log values (user data; the text has no ship charts).
  function tasksFor(patch: Partial<Sheet>, turn = 2): string {
    const base = defaultSheet({ name: 'Surprise' });
    const sheet: Sheet = {
      ...base,
      masts: 3,
      crew: { initial: 20, current: 20 },
      ...patch,
      assignments: { ...base.assignments, damageControl: 2, juryRig: 3, fireFighters: 3 }
    };
    const ship: BattleShip = { id: 'a', side: 'GB', player: '', order: 0, sheet };
    const state: BattleState = { turn, phase: 5, ships: { a: ship }, system: null };
    // The panel only reads the state, the history and isBusy before a roll.
    const session = { state, history: { done: [] }, isBusy: false } as unknown as BattleSession;
    return render(PvTasks, {
      props: { session, options: DEFAULT_OPTIONS, ships: [ship], part: 'tasks' }
    }).body;
  }

  it('damage control and jury rigging each get their card, crew and exact odds', () => {
    const body = tasksFor({ wreckage: 1, mastsLost: 1, mastsJuryRigged: 0 });
    expect(body).toContain('data-testid="pv-task-damage-control"');
    expect(body).toContain('Damage control: Surprise');
    expect(body).toContain('1 wreckage to clear: "a modified dice roll of 10" (+1 per crew).');
    expect(body).toContain('Damage control crew');
    // d12 + 2 crew ≥ 10: faces 8–12.
    expect(body).toMatch(/data-label="Cleared" data-fraction="5\/12"/);
    expect(body).toContain('data-testid="pv-task-jury-rig"');
    expect(body).toContain('Jury rigging: Surprise');
    expect(body).toContain('"Rolls may be made each turn until successful".');
    expect(body).toContain('Jury rigging crew');
    // d12 + 3 crew ≥ 12: faces 9–12.
    expect(body).toMatch(/data-label="Jury rigged" data-fraction="1\/3"/);
  });

  it('shows neither check when there is no wreckage and no lost mast', () => {
    const body = tasksFor({});
    expect(body).not.toContain('pv-task-damage-control');
    expect(body).not.toContain('pv-task-jury-rig');
  });

  it('a fire: the ignition turn records its damage without dice, later turns roll an attempt', () => {
    const ignition = tasksFor({ onFire: { burning: true, attempt: 0, ignitedOnTurn: 2 } });
    expect(ignition).toContain('The fire started this turn');
    expect(ignition).toContain("Record the fire's 5 hull points");
    expect(ignition).not.toContain('data-label="Out"');
    const attempt = tasksFor({ onFire: { burning: true, attempt: 0, ignitedOnTurn: 1 } });
    expect(attempt).toContain('Attempt 1 of 3: d12 + 1 per crew fighting it must reach 8');
    // d12 + 3 fighters ≥ 8: faces 5–12.
    expect(attempt).toMatch(/data-label="Out" data-fraction="2\/3"/);
    expect(attempt).not.toContain('Record the fire');
  });
});

describe('the roster ship selects', () => {
  // EXAMPLE logs: Surprise has two marksmen, Hermione none, Lively has struck.
  const ship = (id: string, patch: Partial<Sheet>): BattleShip => {
    const base = defaultSheet({ name: id });
    return {
      id: id.toLowerCase(),
      side: 'GB',
      player: '',
      order: 0,
      sheet: { ...base, crew: { initial: 10, current: 10 }, ...patch }
    };
  };
  const base = defaultSheet({ name: 'x' }).assignments;
  const ships = [
    ship('Surprise', { assignments: { ...base, marksmen: { crew: 1, marines: 1 } } }),
    ship('Hermione', {}),
    ship('Lively', { struck: true, assignments: { ...base, marksmen: { crew: 2, marines: 0 } } })
  ];
  const state: BattleState = {
    turn: 1,
    phase: 3,
    ships: Object.fromEntries(ships.map((s) => [s.id, s])),
    system: null
  };
  const session = { state, history: { done: [] }, isBusy: false } as unknown as BattleSession;
  const optionsOf = (body: string, label: string): string[] => {
    const m = new RegExp(`<span>${label}</span>\\s*<select[^>]*>([\\s\\S]*?)</select>`).exec(body);
    return [...(m?.[1] ?? '').matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((x) => x[1]);
  };

  it('marksmen: only ships still fighting fire, and only at ships still fighting (a struck ship is no target)', () => {
    const { body } = render(PvMarksmen, { props: { session, options: DEFAULT_OPTIONS, ships } });
    expect(optionsOf(body, 'Marksmen of')).toEqual(['Surprise']);
    expect(optionsOf(body, "Marksmen's target")).toEqual(['Hermione']);
  });

  it('grappling: ships still fighting grapple ships still fighting (a struck ship gets no prompt)', () => {
    const { body } = render(PvGrapple, { props: { session, options: DEFAULT_OPTIONS, ships } });
    expect(optionsOf(body, 'Grappling ship')).toEqual(['Surprise', 'Hermione']);
    expect(optionsOf(body, 'Grappled ship')).toEqual(['Hermione']);
  });
});
