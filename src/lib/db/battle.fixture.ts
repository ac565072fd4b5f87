import type { BattleEvent, Json } from '../engine/events';
import { displayOf, turnStatusOf } from '../battle/display';
import { withInput, type Move, type MoveContext } from '../battle/move';
import type { Result } from '../engine/result';
import { getSystem } from '../rules/registry';
import { optionsOf } from '../rules/option-lists';
import { defaultOptions, type SystemId } from '../engine/system';
import type { Db } from './db';
import type { BattleRecord } from './records';
import { createBattle } from './repo-battles';
import { appendBuilt, loadBattle } from './repo-events';

// Test support: battles written the way the screens write them (the new-battle page, then
// session.perform's check-then-act), so a test's database holds only what the app itself writes.
// Only tests import this file.

/** A new battle as the new-battle page makes it: its variant's default readings and the system's
 *  starting state (Master and Commander opens on the basic game). */
export async function startBattle(db: Db, systemId: SystemId, name: string): Promise<BattleRecord> {
  const system = getSystem(systemId);
  const variant =
    system.variants.find((v) => v.id === 'basic')?.id ?? system.variants[0]?.id ?? 'standard';
  const options = defaultOptions(optionsOf(systemId), variant);
  const systemState = system.initialSystemState?.(variant, options) ?? undefined;
  return createBattle(db, {
    name,
    systemId,
    variant,
    options,
    systemState: systemState as Json | undefined
  });
}

/** A move as session.perform saves it: built on the stored state inside the transaction, its input
 *  on the event, the battle list's summary beside it; a refusal writes nothing. */
export async function performMove<I, O>(
  db: Db,
  battleId: string,
  move: Move<I, O>,
  input: I
): Promise<Result<BattleEvent>> {
  const { battle, state } = await loadBattle(db, battleId);
  const system = getSystem(battle.systemId);
  const ctx: MoveContext<O> = {
    options: (system.readOptions
      ? system.readOptions(battle.options, battle.variant)
      : battle.options) as O,
    storedOptions: battle.options,
    variant: battle.variant,
    now: db.now(),
    newId: () => db.newId()
  };
  const status = { options: battle.options, variant: battle.variant, now: db.now() };
  return appendBuilt(
    db,
    battleId,
    { state, lastSeq: battle.lastSeq },
    (s) => withInput(move.run(s, input, ctx), input),
    (next) => displayOf(turnStatusOf(system, next, status))
  );
}
