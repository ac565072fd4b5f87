import type * as z from 'zod/mini';
import type { BattleState, Json } from './events';
import type { TurnStatus } from './turn-status';
import type { Move } from './move';
import type { SecretsView } from './secrets';
import type { SystemId } from './catalog';
import type { PaperSheet } from './paper-sheet';

/** The rule systems Quarterdeck supports: stable ids stored in battles and backups, one per
 *  entry of the catalog (catalog.ts), the one list. */
export type { SystemId };

export interface Variant {
  id: string;
  name: string;
  description: string;
}

export type OptionValue = string | number | boolean;

/**
 * One reading the referee may choose for a battle. The default is the spec's [DEFAULT] reading;
 * `ruleRef` names the spec section (e.g. "SPEC C.5 #12") so the settings screen can cite it.
 */
export interface OptionSpec {
  key: string;
  label: string;
  ruleRef: string;
  help: string;
  choices: readonly { value: OptionValue; label: string }[];
  defaultValue: OptionValue;
  /** Variants the option applies to; all when absent. */
  variants?: readonly string[];
}

export type BattleOptions = Record<string, OptionValue>;

/** What the roster shows of a ship without knowing its system. */
export interface SheetSummary {
  /** e.g. "Hull 12/40" or "Prize disks 2" */
  lines: string[];
  /** Short status words: "struck", "on fire", "sunk" … */
  status: string[];
  /** A ship out of the fight (sunk, struck, captured, burned). */
  isOut: boolean;
}

/**
 * One track of a ship's log as the paper sheet has it: a row of boxes (hull points, crew, rigging,
 * prize disks). `value` is what is left, `max` the boxes on the sheet; a fall in `value` is damage
 * taken when `isDamage` (the report's figures and charts come from these, never from event kinds).
 */
export interface ShipTrack {
  /** Stable id within the system: 'hull', 'crew', 'rigging', 'prize-disks'. */
  id: string;
  /** The rule text's word: "Hull", "Prize disks". */
  label: string;
  value: number;
  max: number;
  isDamage: boolean;
}

/** What `RuleSystem.loadSchemas` gives: the ship log's schema and the system state's. */
export interface SystemSchemas<Sheet extends object = object> {
  sheet: z.ZodMiniType<Sheet>;
  /** The system state as the fold holds it once the battle is set up (null before that). */
  systemState: z.ZodMiniType<unknown>;
}

/** A new ship's log as the referee starts it: her name, and her class when he gives one. */
export interface NewSheet {
  name: string;
  className?: string;
}

/**
 * The pure part of a rule system. UI pieces (sheet editor, calculators) are registered separately
 * in `$lib/components/systems`, because nothing in `lib/rules` may import Svelte.
 */
export interface RuleSystem<Sheet extends object = object> {
  id: SystemId;
  name: string;
  /** One line for the picker. */
  tagline: string;
  variants: readonly Variant[];
  /**
   * The system's zod schemas of its ship log and its system state, loaded where a sheet enters the
   * log (the sheet moves, an import, a merge, the upgrade pass): reading one does not parse
   * (battle/sheets.ts), so a deep-linked battle loads neither zod nor these (issue 40).
   */
  loadSchemas(): Promise<SystemSchemas<Sheet>>;
  defaultSheet(init: NewSheet): Sheet;
  summarize(sheet: Sheet): SheetSummary;
  /** The phases (or steps) of one turn, in order; the battle page's counter walks through them. */
  phases?: readonly string[];
  /** The system's global state for a new battle (wind, hourglass, funds…), JSON only. */
  initialSystemState?(variant: string, options: BattleOptions): object | null;
  /**
   * Applied to every ship's sheet when a new turn begins (e.g. clear "fired this turn"); pure.
   * `ctx.endedTurn` is the turn just finished; `ctx.options` the battle's readings.
   */
  onTurnStart?(sheet: Sheet, ctx: { endedTurn: number; options: BattleOptions }): Sheet;
  /**
   * The battle's stored readings as the system's own options type, every missing or unknown value
   * replaced by its default (`DEFAULT_OPTIONS`); the `MoveContext.options` every move receives.
   */
  readOptions?(stored: BattleOptions | undefined, variant: string): unknown;
  /**
   * "Next phase" / "End the player's turn" when the system passes the turn its own way; absent, the
   * battle layer's `advanceMove` walks `phases` and runs `onTurnStart`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the system's own options type
  nextStep?: Move<Record<string, never>, any>;
  /**
   * Every move of the system (`<system>/moves.ts`), so the log can be checked against them and a
   * merged log re-checked: each writes events of its own id as kind (or a core kind). Loaded when
   * first needed (issue 40: a deep-linked battle's first screen runs none of them; each panel
   * imports its own moves): read them through `withMoves` (rules/with-moves.ts).
   */
  loadMoves(): Promise<readonly AnyMove[]>;
  /**
   * Kinds and roll-procedure ids written by earlier releases, old → current spelling. Stored events
   * are never rewritten; readers (log, report) canonicalise through this map.
   */
  legacyIds?: Readonly<Record<string, string>>;
  /**
   * The ship's tracks (`<system>/tracks.ts`), in the paper sheet's order; the after-action report,
   * its charts and the printed logs read them. Optional and additive.
   */
  tracks?(sheet: Sheet): ShipTrack[];
  /**
   * Between battles (campaigns, issue 36): the sheet with `points` of the track `trackId` (one of
   * `tracks`) repaired, never past its boxes; null when that track has nothing to repair. Pure,
   * optional and additive: a system without it offers no repairs.
   */
  repairTrack?(sheet: Sheet, trackId: string, points: number): Sheet | null;
  /**
   * Campaigns (issue 36): a ship taken as a prize, as her new owner sails her in the next battle
   * (no longer struck or marked captured). Pure, optional and additive; absent: the sheet as is.
   */
  commissionPrize?(sheet: Sheet): Sheet;
  /**
   * Campaigns (issue 36): a ship between battles as she starts the next game, after the new-turn
   * hook (Privateers: her guns loaded, as every game starts them). Pure, optional and additive;
   * absent: the sheet as the battle left it at a new turn.
   */
  startOfGame?(sheet: Sheet): Sheet;
  /**
   * The printed ship log's sections (`<system>/paper.ts`): every field of the players' own paper
   * sheet, filled from a ship or blank. Loaded when a log is printed, not with the battle (issue
   * 40: a deep-linked battle loads none of it). Optional and additive; absent, the log prints the
   * tracks.
   */
  loadPaper?(): Promise<PaperSheet<Sheet>>;
  /**
   * The ships come from the system's own set-up (Master and Commander: the players' fleets), so the
   * battle page offers no generic "Add a ship" form. Optional and additive; absent means false.
   */
  shipsFromSetup?: boolean;
  /**
   * What a ship's card in the fleet list shows beyond its sheet: the colour of its side as the status
   * bar shows it, and lines from the system state (a player's Repair Cards, cards held). Pure,
   * optional and additive; null or absent: the sheet's summary alone.
   */
  /**
   * A sheet field in the rules' words for the sheet-edit log line ("First Lieutenant's rating"
   * for ['officers', 'firstLt', 'rating']); null: the field path spelled out. Pure, optional
   * and additive.
   */
  describeField?: (path: readonly (string | number)[]) => string | null;
  shipCard?(
    state: BattleState,
    shipId: string,
    /**
     * Live table: the private documents this device opens, its own seat (#19 item 5) and the
     * commitment check the live layer carries (battle/secret.ts verifyReveal).
     */
    viewer?: {
      secrets: SecretsView | undefined;
      seat: string | null;
      verifyReveal: (hash: string, secret: Json, salt: string) => boolean;
    }
  ): { colour?: string; lines: string[] } | null;
  /** The turn model (`<system>/turn.ts`): whose turn, the step, who still has to act, what is left. */
  turnStatus(
    state: BattleState,
    ctx: { options: BattleOptions; variant: string; now: number }
  ): TurnStatus;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input and options
type AnyMove = Move<any, any>;

/** A rule system with its moves and schemas loaded (`withMoves`): what re-checks, reports and
 *  set-ups read (the sheet moves among them check a sheet with the schemas). */
export type RuleSystemWithMoves<Sheet extends object = object> = RuleSystem<Sheet> & {
  readonly moves: readonly AnyMove[];
  readonly schemas: SystemSchemas<Sheet>;
};

/** The default value of every option of `options` (a system's, rules/option-lists.ts optionsOf),
 *  for a new battle of the given variant. */
export function defaultOptions(options: readonly OptionSpec[], variant: string): BattleOptions {
  const out: BattleOptions = {};
  for (const o of options) {
    if (!o.variants || o.variants.includes(variant)) out[o.key] = o.defaultValue;
  }
  return out;
}
