// Set-up and the first player (SPEC A.4.1–A.4.2) as moves.
import type { BattleShip, BattleState, Json } from '../../engine/events';
import {
  defineMove,
  draftOf,
  labelDice,
  refuse,
  rollRecord,
  withPreview,
  type Move
} from '../../battle/move';
import type { DiceRoll } from '../../engine/dice';
import { err } from '../../engine/result';
import { firstPlayerDecidedChance } from './odds';
import type { McOptions } from './options';
import { firstPlayerPreview } from './previews';
import { readOptions } from './options';
import { applyFirstPlayer, beginShipTurn, resolveFirstPlayer } from './resolve-wind';
import {
  defaultSystemState,
  setupProblems,
  setupShips,
  type Modules,
  type SetupPlayer,
  type Sheet
} from './sheet';
import { ADVANCED_MODULES, SHIP_COLOURS, type Compass, type GameVariant } from './tables';
import {
  captainDice,
  playerName,
  readBattle,
  toJson,
  viewOf,
  withMcSheets,
  withMcSystem
} from './view';
import { oddsJson } from './odds-json';
import * as z from 'zod/mini';
import { diceInput, idInput, noInput, textInput } from '../../engine/input-kit';
import { colourSchema, compassSchema, modulesSchema, systemStateSchema } from './sheet-schema';
import { firstPhase, variantOf } from './turn-reads';
export { firstPhase, variantOf } from './turn-reads';

/** The game's own state for a battle made before it had one ("Set up the game"). */
export const setupGame: Move<Record<string, never>, McOptions> = defineMove({
  id: 'mc.setup',
  category: 'setup',
  input: noInput,
  run: (state, _input, ctx) => {
    if (systemStateSchema.safeParse(state.system).success)
      return refuse('The game is already set up.');
    const system = defaultSystemState({
      variant: variantOf(ctx.variant),
      unusedHomeportsHaveCards: readOptions(ctx.storedOptions, ctx.variant).unusedHomeportsHaveCards
    });
    return draftOf(state, {
      kind: 'mc.setup',
      summary: 'Master and Commander set up',
      next: { ...state, system: system },
      meaning: { actor: null, target: null, dice: [] }
    });
  }
});

export function fleetSetupProblems(players: readonly SetupPlayer[]): string[] {
  const out: string[] = [];
  const ids = players.map((p) => p.id.trim());
  const named = ids.filter((id) => id !== '');
  if (named.length < ids.length) out.push('Every player needs a name.');
  if (new Set(named).size !== named.length) out.push('Two players have the same name.');
  const ports = players.map((p) => p.homeport).filter((h) => h !== null && h !== undefined);
  if (new Set(ports).size !== ports.length) out.push('Two players have the same Homeport.');
  return out;
}

/**
 * The ships on the table tell the fleets apart: Basic and Advanced "players will command two black
 * ships, two copper ships, two silver ships or two gold ships"; in the Beginner game "one of each
 * color ship has a different color band around the base", so colour and band together are one
 * player's. The ship names a Beginner player gives are the ships' names in the log.
 */
export function fleetColourProblems(
  variant: GameVariant,
  players: readonly SetupPlayer[]
): string[] {
  const isBeginner = variant === 'beginner';
  const keys = players.map(
    (p, seat) =>
      `${p.colour ?? SHIP_COLOURS[seat % SHIP_COLOURS.length].id}${isBeginner && p.isBanded ? '+band' : ''}`
  );
  const out: string[] = [];
  if (new Set(keys).size !== keys.length)
    out.push(
      isBeginner
        ? 'Two players have the same ship: choose another colour, or the ship with the band.'
        : 'Two players have the same colour of ships.'
    );
  if (isBeginner) {
    const names = players.map((p) => (p.shipName ?? '').trim() || (p.name ?? p.id).trim());
    if (new Set(names).size !== names.length) out.push('Two ships have the same name.');
  }
  return out;
}

export interface FleetSetupInput {
  players: readonly SetupPlayer[];
  modules: Partial<Modules>;
  /** Starting headings the players chose, by player id (else out of the Homeport, errata 7). */
  headings?: Readonly<Record<string, Compass>>;
}

/** Everything that stops the fleets being set up, worded for the table. */
export function fleetProblems(variant: GameVariant, players: readonly SetupPlayer[]): string[] {
  return [
    ...setupProblems(variant, players.length),
    ...fleetSetupProblems(players),
    ...fleetColourProblems(variant, players),
    ...(variant !== 'beginner' && players.some((p) => (p.homeport ?? null) === null)
      ? ['In the Basic and Advanced games every player has a Homeport.']
      : [])
  ];
}

/**
 * The players, their Homeports and their starting fleets, as one action: the system state for them
 * (Repair Cards next to each used Homeport) and two ships each at the Homeport (one in the Beginner
 * game), heading out of it. Ships already in the battle stay.
 */
export function setupFleets(
  state: BattleState,
  input: FleetSetupInput,
  opts: Pick<McOptions, 'unusedHomeportsHaveCards'>,
  newId: () => string
): BattleState | null {
  const view = readBattle(state);
  if (view === null) return null;
  const config = {
    variant: view.system.variant,
    modules: input.modules,
    players: input.players,
    unusedHomeportsHaveCards: opts.unusedHomeportsHaveCards,
    hourglassSeconds: view.system.hourglass.seconds
  };
  const system = defaultSystemState(config);
  const ships: Record<string, BattleShip> = { ...state.ships };
  let order = Object.keys(ships).length;
  for (const s of setupShips(config)) {
    const id = newId();
    const p = system.players.find((x) => x.id === s.playerId);
    const heading = input.headings?.[s.playerId];
    const sheet: Sheet = heading ? { ...s.sheet, heading } : s.sheet;
    ships[id] = {
      id,
      side: p?.name || s.playerId,
      player: s.playerId,
      sheet: sheet,
      order: order++
    };
  }
  return { ...state, ships, system: system as Json };
}

export const setupFleetsMove: Move<FleetSetupInput, McOptions> = defineMove<
  FleetSetupInput,
  McOptions
>({
  id: 'mc.setup-fleets',
  category: 'setup',
  input: z.strictObject({
    players: z.array(
      z.strictObject({
        id: idInput,
        name: z.optional(textInput(80)),
        colour: z.optional(colourSchema),
        homeport: z.optional(z.nullable(compassSchema)),
        isBanded: z.optional(z.boolean()),
        shipName: z.optional(textInput(80))
      })
    ),
    modules: z.partial(modulesSchema),
    headings: z.optional(z.record(idInput, compassSchema))
  }),
  run: (state, input, ctx) => {
    const view = viewOf(state);
    if (!view.ok) return view;
    if (view.value.system.players.length > 0) return refuse('The fleets are already set up.');
    const variant = view.value.system.variant;
    const problems = fleetProblems(variant, input.players);
    if (problems.length > 0) return err(problems.join(' '));
    const next = setupFleets(state, input, ctx.options, ctx.newId);
    if (next === null) return refuse('The game has not been set up yet.');
    const n = readBattle(next)?.ships.length ?? 0;
    const each = n / Math.max(1, input.players.length);
    const who = input.players
      .map((p) => `${p.name || p.id}${p.homeport ? ` (${p.homeport})` : ''}`)
      .join(', ');
    // The Advanced game says which of its rules this game adds (A.1), so the log does too.
    const added = ADVANCED_MODULES.filter((m) => input.modules[m.id]).map((m) => m.label);
    const rules =
      variant !== 'advanced' ? '' : `; modules: ${added.length > 0 ? added.join(', ') : 'none'}`;
    return draftOf(state, {
      kind: 'mc.setup-fleets',
      summary: `Fleets set up: ${who}, ${each} ship${each === 1 ? '' : 's'} each${rules}`,
      next,
      meaning: { actor: null, target: null, dice: [] }
    });
  }
});

export interface FirstPlayerInput {
  /** The players who roll, in the order of the dice (all, or the tied ones again). */
  playerIds: readonly string[];
  /** One d6 per player, in that order. */
  roll: DiceRoll;
}

/**
 * "The player with the highest roll goes first." The first player's ships begin their turn; on a tie
 * nothing changes and the tied players roll again.
 */
const firstPlayerBase = defineMove<FirstPlayerInput, McOptions>({
  id: 'mc.first-player',
  category: 'initiative',
  input: z.strictObject({ playerIds: z.array(idInput), roll: diceInput }),
  run: (state, input) => {
    const v = viewOf(state);
    if (!v.ok) return v;
    const view = v.value;
    if (view.system.activePlayerId !== null) return refuse('The first player is already chosen.');
    if (input.roll.dice.length !== input.playerIds.length)
      return refuse(`Roll one die for each of the ${input.playerIds.length} players.`);
    const rolls = input.playerIds.map((playerId, i) => ({
      playerId,
      face: input.roll.dice[i]?.face ?? 0
    }));
    const r = resolveFirstPlayer(rolls);
    if (!r.ok) return r;
    const decided = firstPlayerDecidedChance(input.playerIds.length);
    if (!decided.ok) return decided;
    const o = r.value;
    const names = (id: string): string => playerName(view.system, id);
    const faces = rolls.map((x) => `${names(x.playerId)} ${x.face}`).join(', ');
    let next = state;
    if (o.kind === 'first') {
      const sheets: Record<string, Sheet> = {};
      for (const s of view.ships)
        if (s.playerId === o.playerId && !s.sheet.isSunk) sheets[s.id] = beginShipTurn(s.sheet);
      const system = applyFirstPlayer(view.system, o.playerId);
      next = {
        ...withMcSheets(withMcSystem(state, system), sheets),
        turn: system.turn,
        phase: firstPhase(view.system.variant)
      };
    }
    return draftOf(state, {
      kind: 'mc.first-player',
      summary:
        o.kind === 'first'
          ? `First player: ${faces}: ${names(o.playerId)} goes first`
          : `First player: ${faces}: a tie, ${o.playerIds.map(names).join(' and ')} roll again`,
      next,
      roll: rollRecord({
        procedure: 'mc.first-player',
        inputs: toJson({ players: input.playerIds }),
        dice: labelDice(input.roll, input.playerIds.map(names)),
        odds: oddsJson([
          {
            label: 'decided on this roll',
            p: decided.value
          }
        ]),
        outcome: toJson(o)
      }),
      // "Each player throws one die" (SPEC A.4.2): no ship rolls it, so each die is its captain's,
      // one a player in the order of `playerIds` (the roll's order); the highest goes first.
      meaning: {
        actor: null,
        target: null,
        dice: input.playerIds.map((id) => captainDice(view.system, id, 1))
      }
    });
  }
});

/** The first-player roll, with its odds and dice (`firstPlayerMove.preview`). */
export const firstPlayerMove = withPreview(firstPlayerBase, firstPlayerPreview);
