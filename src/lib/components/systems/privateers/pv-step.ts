import type { Component } from 'svelte';
import type { BattleShip } from '$lib/engine/events';
import type { PvOptions } from '$lib/rules/privateers/options';
import type { ProcedureId } from '$lib/rules/privateers/resolve-turn';
import type { Sheet } from '$lib/rules/privateers/sheet';
import type { BattleSession } from '$lib/state/battle.svelte';
import { lazy } from '$lib/components/lazy/lazy';

/** A ship of the battle on the step panel: her sheet and the procedures this phase offers her. */
export interface StepRow {
  ship: BattleShip;
  sheet: Sheet;
  procs: ProcedureId[];
}

/**
 * What the step panel (PvStep) gives the phase it shows (PvPhase*.svelte): the session, the
 * battle's rule readings and every ship's row, in the fleet's order. One shape for every phase.
 */
export interface PvPhaseProps {
  session: BattleSession;
  options: PvOptions;
  rows: readonly StepRow[];
}

/** The rows of the ships offered a procedure this phase. */
export const offering = (rows: readonly StepRow[], p: ProcedureId): StepRow[] =>
  rows.filter((r) => r.procs.includes(p));

// The parts a phase draws only in some states (a ship to reload, a fortification, a gunner who
// moved, a part folded until tapped): each loads when drawn, so a deep link into the phase loads
// none it does not show (issue 40). Here rather than in their phase's module, so PvStep can warm
// them a phase ahead with the phase itself (issue 39).
export const PvReload = lazy(() => import('./PvReload.svelte'), false);
export const PvFortReload = lazy(() => import('./PvFortReload.svelte'), false);
export const PvGunnerChoice = lazy(() => import('./PvGunnerChoice.svelte'), false);
export const PvMarksmen = lazy(() => import('./PvMarksmen.svelte'), false);
export const PvCollision = lazy(() => import('./PvCollision.svelte'), false);

/** The parts above, by phase (PHASES' order), for warming with the phase. */
export const PHASE_PARTS: Component<never>[][] = [
  [],
  [],
  [PvReload, PvFortReload],
  [PvGunnerChoice, PvMarksmen, PvCollision],
  [],
  []
];
