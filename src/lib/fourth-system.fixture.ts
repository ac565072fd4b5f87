import * as z from 'zod/mini';
import type { Component } from 'svelte';
import { shipDice } from '$lib/engine/meaning';
import { defineMove, draftOf, refuse, rollRecord } from '$lib/battle/move';
import type { BattleState } from '$lib/engine/events';
import type { RuleSystem, SystemId } from '$lib/engine/system';
import { plainStatus, type TurnStatus } from '$lib/engine/turn-status';

// A tiny rule system for fourth-system.test.ts only (nothing in the app imports it): its own sheet
// schema, one move and a turn model. Kept apart from the test because vi.mock factories are hoisted
// above the test's own declarations and import it from here.

export const ID = 'skirmish' as SystemId;

const sheetSchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  hull: z.int().check(z.gte(0)),
  firedOnTurn: z.nullable(z.int())
});
type Sheet = z.infer<typeof sheetSchema>;

export const sheetOf = (state: BattleState, id: string): Sheet =>
  sheetSchema.parse(state.ships[id]?.sheet);

/** One move: fire a d6 at a ship, once per ship per turn. */
export const fire = defineMove<{ firerId: string; targetId: string; face: number }>({
  id: 'sk.fire',
  category: 'gunnery',
  input: z.strictObject({ firerId: z.string(), targetId: z.string(), face: z.int() }),
  run: (state, { firerId, targetId, face }) => {
    const firer = sheetOf(state, firerId);
    const target = sheetOf(state, targetId);
    if (firer.firedOnTurn === state.turn)
      return refuse(`${firer.name} has already fired this turn.`);
    const hull = Math.max(0, target.hull - face);
    return draftOf(state, {
      kind: 'sk.fire',
      summary: `${firer.name} fires at ${target.name}: ${face} damage`,
      next: {
        ...state,
        ships: {
          ...state.ships,
          [firerId]: { ...state.ships[firerId], sheet: { ...firer, firedOnTurn: state.turn } },
          [targetId]: { ...state.ships[targetId], sheet: { ...target, hull } }
        }
      },
      meaning: { actor: firerId, target: targetId, dice: [shipDice(firerId, 1)], hits: 1 },
      roll: rollRecord({
        procedure: 'sk.fire',
        inputs: { firerId, targetId },
        dice: { source: 'entered', dice: [{ sides: 6, face }] },
        outcome: { hull }
      })
    });
  }
});

const PHASES = ['Fire'] as const;

export function turnStatus(state: BattleState): TurnStatus {
  const toAct = Object.values(state.ships)
    .filter((s) => sheetSchema.parse(s.sheet).firedOnTurn !== state.turn)
    .map((s) => ({
      shipId: s.id,
      name: sheetSchema.parse(s.sheet).name,
      needs: [{ id: 'fire', label: 'Fire' }]
    }));
  return { ...plainStatus(state.turn, state.phase, PHASES), toAct };
}

export const SKIRMISH: RuleSystem<Sheet> = {
  id: ID,
  name: 'Skirmish',
  tagline: 'A test system',
  variants: [{ id: 'standard', name: 'Standard', description: 'The only one' }],
  loadSchemas: () => Promise.resolve({ sheet: sheetSchema, systemState: z.null() }),
  defaultSheet: ({ name }) => ({ name, hull: 10, firedOnTurn: null }),
  summarize: (s) => ({ lines: [`Hull ${s.hull}`], status: [], isOut: s.hull === 0 }),
  phases: PHASES,
  readOptions: () => ({}),
  loadMoves: () => Promise.resolve([fire]),
  turnStatus
};

export const FakeCalculators = (() => {}) as unknown as Component<Record<string, never>>;
