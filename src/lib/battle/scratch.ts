import type { BattleState, EventDraft, Json } from '../engine/events';
import { advancePhase } from './actions';
import { applyOps } from './fold';
import type { Move, MoveContext } from './move';
import { err, ok, type Result } from '../engine/result';
import type { EditSheetInput } from './ship-moves';

/**
 * A move played on a battle that is no one's (issue 31: a calculator's): the move's own check and
 * run, its ops applied as the fold applies them, and nothing written. A calculator sets up the
 * battle its form describes this way, through the same set-up moves a battle uses, and then asks
 * the move it answers for (`move.preview`), so its figures are the battle's figures.
 */
export function playScratch<I, O>(
  move: Move<I, O>,
  state: BattleState,
  input: I,
  ctx: MoveContext<O>
): Result<BattleState> {
  const played = playScratchDraft(move, state, input, ctx);
  return played.ok ? ok(played.value.next) : played;
}

/**
 * A scratch move with its draft beside the battle it leaves: a calculator that plays the roll it
 * answers for shows the move's own outcome and log line, not a resolver's of its own.
 */
export function playScratchDraft<I, O>(
  move: Move<I, O>,
  state: BattleState,
  input: I,
  ctx: MoveContext<O>
): Result<{ next: BattleState; draft: EventDraft }> {
  const draft = move.run(state, input, ctx);
  if (!draft.ok) return draft;
  const next = applyOps(state as unknown as Json, draft.value.ops) as unknown as BattleState;
  return ok({ next, draft: draft.value });
}

/**
 * The scratch battle passed on to the phase at index `at` of its turn, as the battle's Next passes
 * it within a turn (`phase.advance`, nothing written): a calculator plays a move in its own phase.
 * A battle already at or past that phase is returned as it is.
 */
export function scratchAtPhase(
  state: BattleState,
  at: number,
  phaseNames: readonly string[]
): BattleState {
  let s = state;
  while (s.phase < at && s.phase + 1 < phaseNames.length) {
    const draft = advancePhase(s, phaseNames);
    s = applyOps(s as unknown as Json, draft.ops) as unknown as BattleState;
  }
  return s;
}

/** The context of a scratch battle: its readings and variant, no clock, ids counted from 1. */
export function scratchContext<O>(options: O, variant: string): MoveContext<O> {
  let n = 0;
  return { options, storedOptions: {}, variant, now: 0, newId: () => `ship-${++n}` };
}

/**
 * The battle with these ships' logs changed as a referee changes them (`editSheet`: the system's
 * `editSheetMove(schemas)`), each change given the ship's sheet as it stands (read by the system's
 * `sheetOf`): how a calculator writes its form's figures into the logs of its scratch battle. The
 * move is passed in, so a calculator page loads its schemas (and zod) apart from its first render.
 */
export function withSheetEdits<S extends { name: string }>(
  battle: BattleState,
  changes: Readonly<Record<string, (sheet: S) => S>>,
  sheetOf: (state: BattleState, shipId: string) => Result<S>,
  editSheet: Move<EditSheetInput>
): Result<BattleState> {
  let state = battle;
  for (const [shipId, change] of Object.entries(changes)) {
    const now = sheetOf(state, shipId);
    if (!now.ok) return now;
    const sheet = change(now.value);
    const next = playScratch(
      editSheet,
      state,
      {
        shipId,
        sheet,
        summary: `${sheet.name}: the calculator's figures`
      },
      scratchContext({}, '')
    );
    if (!next.ok) return next;
    state = next.value;
  }
  return ok(state);
}

/**
 * A calculator's battle, set up the first time it is asked for (a calculator asks while the page
 * is idle) and then never changed, only read and built upon.
 */
export function setUpOnce<T>(setUp: () => T): () => T {
  let built: { value: T } | null = null;
  return () => (built ??= { value: setUp() }).value;
}

/** What a calculator's battle is set up and edited with, loaded apart (`setUpLater`). */
export interface ScratchKit {
  /** The system's sheet edit (`editSheetMove(schemas)`). */
  sheetEdit: Move<EditSheetInput>;
}

/** A calculator's answer before its battle's kit has loaded (a moment after the page is up). */
const NOT_READY = 'Working out the odds…';
/** Its answer once the kit failed to load (a file lost on its way): reloading fetches it again. */
const NOT_LOADED =
  'The odds could not be worked out: part of this page did not load. Reload the page to try again';

/**
 * A calculator's battle whose set-up and sheet edit load apart (issue 40): they check what enters
 * the battle with the system's zod schemas, and a calculators page that built them as it hydrated
 * lost its Lighthouse score to that task. `prepare` loads the kit (a calculator asks while the page
 * is idle, the calculators that load near the screen with their chunk); then `battle` is set up
 * once by `setUp` and `editSheets` edits its logs (`withSheetEdits`), both at once. Before, they
 * say the odds are being worked out; if the kit failed to load, that it did not load (`prepare`
 * settles either way, so the calculator opens on that answer, not on "working out" for ever).
 */
export function setUpLater<K extends ScratchKit, T>(
  load: () => Promise<K>,
  setUp: (kit: K) => Result<T>
): {
  prepare: () => Promise<void>;
  battle: () => Result<T>;
  editSheets: <S extends { name: string }>(
    battle: BattleState,
    changes: Readonly<Record<string, (sheet: S) => S>>,
    sheetOf: (state: BattleState, shipId: string) => Result<S>
  ) => Result<BattleState>;
} {
  let kit: K | null = null;
  /** Why the kit did not load, once its load failed: the browser keeps a failed module import
   *  failed for the page's life, so the calculator says so instead of working out for ever. */
  let failed: string | null = null;
  const notReady = () => err(failed ?? NOT_READY);
  const built = setUpOnce(() => (kit ? setUp(kit) : notReady()));
  return {
    prepare: async () => {
      try {
        kit ??= await load();
      } catch (e) {
        failed = `${NOT_LOADED} (${e instanceof Error ? e.message : 'a file did not arrive'}).`;
      }
    },
    battle: () => (kit ? built() : notReady()),
    editSheets: (battle, changes, sheetOf) =>
      kit ? withSheetEdits(battle, changes, sheetOf, kit.sheetEdit) : notReady()
  };
}
