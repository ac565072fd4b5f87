import type { InputKitModule } from '../../engine/move';
// Raids on Homeports (SPEC A.4.12) and ramming (A.4.13) as moves.
import type { BattleState } from '../../engine/events';
import { draftOf, joinRolls, labelDice, refuse, rollRecord, withPreview } from '../../battle/move';
import { shipDice, type DiceOwner } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { complement } from '../../engine/rational';
import { err, ok, type Result } from '../../engine/result';
import { homeportCounterChance } from './odds';
import type { McOptions } from './options';
import {
  homeportCounterDue,
  homeportCounterPreview,
  raidOdds,
  raidPreview,
  ramAttemptPreview,
  ramDamagePreview
} from './previews';
import {
  applyRaidHit,
  applyRamDamage,
  applyRepelled,
  clearRepulseOnEngagement,
  raidProblems,
  resolveHomeportCounter,
  resolveRaid,
  resolveRamAttempt,
  resolveRamDamage,
  type EngagementOutcome
} from './resolve';
import type { Side } from './sheet';
import { COMPASS, ENGAGEMENT_RANGE, HOMEPORT_DICE, type Compass } from './tables';
export { homeportCounterDue } from './previews';
import {
  afterEngagement,
  counterInput,
  declarationProblem,
  NO_REPLY,
  type CounterInput,
  type Declaration
} from './moves-engagement';
import {
  activeShip,
  captainDice,
  findShip,
  letGoMove,
  mcMove,
  rulesOf,
  toJson,
  turnActsOf,
  withActs,
  withMcSheets,
  withMcSystem,
  type McShip,
  type McView
} from './view';
import { oddsJson } from './odds-json';
import { SIDES } from './sheet';

const facesOf = (roll: DiceRoll): number[] => roll.dice.map((d) => d.face);

function labelled(roll: DiceRoll, who: string, what: string): DiceRoll {
  return labelDice(
    roll,
    roll.dice.map((_, i) => `${who}, ${what} ${i + 1}`)
  );
}

/**
 * A Homeport's dice (SPEC A.4.12 steps 2 and 4: "The Homeport rolls 3"): no ship rolls them, so
 * they go to the captain whose Homeport it is, the side that captain's ships fight for; each wants
 * high faces, as any defender or attacker does (A.4.6).
 */
function homeportDice(view: McView, homeport: Compass, roll: DiceRoll): DiceOwner {
  const owner = view.system.homeports[homeport].ownerId;
  return owner === null
    ? { ship: null, side: `${homeport} Homeport`, count: roll.dice.length, isHighGood: true }
    : captainDice(view.system, owner, roll.dice.length);
}

export interface RaidInput {
  shipId: string;
  target: Compass;
  side: Side | null;
  /** The referee: the ship is broadside to the Homeport, and how many squares away it lies. */
  isBroadside: boolean;
  distance: number;
  /** The raider's dice and the Homeport's three. */
  attack: DiceRoll;
  defence: DiceRoll;
}

/**
 * Why this ship may not raid that Homeport now (module, position, range, the turn's limits), or the
 * raider; `ignoreCard` checks all but the card owed (so a card is drawn only for a legal raid).
 */
export function raidProblem(
  view: McView,
  input: Pick<RaidInput, 'shipId' | 'target' | 'side' | 'isBroadside' | 'distance'>,
  opts: McOptions,
  ignoreCard = false
): Result<McShip> {
  if (!view.system.modules.raids)
    return err('Raids are an Advanced module this battle does not use.');
  const s = activeShip(view, input.shipId);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  const raiderHomeport =
    view.system.players.find((p) => p.id === s.value.playerId)?.homeport ?? null;
  // Raid range (SPEC A.4.12 step 1, A.5 #17): as ships, 1–2 squares, or adjacent only.
  const range = opts.raidRange === 'adjacentOnly' ? [1] : ENGAGEMENT_RANGE.standard;
  const isInRange = input.isBroadside && range.includes(input.distance);
  const problems = raidProblems({
    raider: sheet,
    raiderHomeport,
    target: input.target,
    targetOwnerId: view.system.homeports[input.target].ownerId,
    raiderOwnerId: s.value.playerId,
    isBroadsideInRange: isInRange
  });
  if (problems.length > 0) {
    const why = !input.isBroadside
      ? 'An attacking ship must be broadside to an enemy Homeport.'
      : !isInRange
        ? opts.raidRange === 'adjacentOnly'
          ? 'Raid range is adjacent only: the ship must lie in the square next to the Homeport.'
          : 'Raid range is as for ships: an adjacent square or one square away.'
        : '';
    return err(
      problems
        .filter((p) => !p.startsWith('The ship must be broadside'))
        .concat(why ? [why] : [])
        .join(' ')
    );
  }
  const d: Declaration = {
    attackerId: input.shipId,
    target: `homeport:${input.target}`,
    kind: 'raid',
    side: input.side
  };
  const problem = declarationProblem(view, d, opts, ignoreCard);
  return problem === null ? s : err(problem);
}

export function raidOutcome(
  state: BattleState,
  view: McView,
  input: RaidInput,
  opts: McOptions
): Result<{ outcome: EngagementOutcome; next: BattleState; summary: string; raider: McShip }> {
  const s = raidProblem(view, input, opts);
  if (!s.ok) return s;
  const sheet = s.value.sheet;
  const raiderHomeport =
    view.system.players.find((p) => p.id === s.value.playerId)?.homeport ?? null;
  const d: Declaration = {
    attackerId: input.shipId,
    target: `homeport:${input.target}`,
    kind: 'raid',
    side: input.side
  };
  const r = resolveRaid(
    sheet.prizeDisks,
    rulesOf(view, opts),
    facesOf(input.attack),
    facesOf(input.defence)
  );
  if (!r.ok) return r;
  // "A Homeport may counter attack a ship": once, right after this raid attack (A.5 #18).
  const counted = afterEngagement(view.system, d, r.value.result !== 'hit', opts, view, {
    ram: null,
    reply: {
      kind: 'homeportCounter',
      by: `homeport:${input.target}`,
      against: input.shipId,
      dice: HOMEPORT_DICE
    }
  });
  const head = `${sheet.name} raids the ${input.target} Homeport (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
  // Engaging another Homeport clears an earlier repulse (step 5).
  const raider = clearRepulseOnEngagement(sheet, { homeport: input.target });
  if (r.value.result !== 'hit') {
    return ok({
      outcome: r.value,
      next: withMcSheets(withMcSystem(state, counted), { [s.value.id]: raider }),
      summary: `${head}: ${r.value.text}`,
      raider: s.value
    });
  }
  const taken = applyRaidHit(counted, input.target, raiderHomeport);
  const spoils =
    taken.cardsTaken === 0
      ? 'The Homeport has no Repair Card left to lose.'
      : `A Repair Card goes to the ${raiderHomeport ?? '?'} Homeport.`;
  return ok({
    outcome: r.value,
    next: withMcSheets(withMcSystem(state, taken.state), { [s.value.id]: raider }),
    summary: `${head}: ${r.value.text} ${spoils}`,
    raider: s.value
  });
}

const raidBase = mcMove<RaidInput>({
  id: 'mc.raid',
  category: 'raid',
  input: ({ z, idInput, intInput, diceInput }) =>
    z.strictObject({
      shipId: idInput,
      target: z.enum(COMPASS),
      side: z.nullable(z.enum(SIDES)),
      isBroadside: z.boolean(),
      distance: intInput(0, 1000),
      attack: diceInput,
      defence: diceInput
    }),
  run: (view, state, input, ctx) => {
    const r = raidOutcome(state, view, input, ctx.options);
    if (!r.ok) return r;
    const odds = raidOdds(view, input, r.value.raider.sheet.prizeDisks, ctx.options);
    if (!odds.ok) return odds;
    return draftOf(state, {
      kind: 'mc.raid',
      summary: r.value.summary,
      next: r.value.next,
      roll: rollRecord({
        procedure: 'mc.raid',
        inputs: toJson({
          ship: input.shipId,
          homeport: input.target,
          shipDisks: r.value.raider.sheet.prizeDisks,
          isBroadside: input.isBroadside,
          distance: input.distance,
          raidRange: ctx.options.raidRange
        }),
        dice: joinRolls([
          labelled(input.attack, r.value.raider.sheet.name, 'raid die'),
          labelled(input.defence, `${input.target} Homeport`, 'defence die')
        ]),
        odds: oddsJson(odds.value),
        outcome: toJson(r.value.outcome)
      }),
      // The raider's dice, then the Homeport's three (SPEC A.4.12 step 2): no ship rolls those, so
      // they are its captain's. The Homeport is no ship to name as the target.
      meaning: {
        actor: r.value.raider.id,
        target: null,
        dice: [
          shipDice(r.value.raider.id, input.attack.dice.length),
          homeportDice(view, input.target, input.defence)
        ]
      }
    });
  }
});

/** A raid, with its odds and dice before the roll (`raidMove.preview`). */
export const raidMove = withPreview(raidBase, raidPreview);

/**
 * "A Homeport may counter attack a ship" (SPEC A.4.12 step 4), once, right after the raid: on success
 * the raider is repelled, no disk lost.
 */
const homeportCounterBase = mcMove<CounterInput>({
  id: 'mc.homeport-counter',
  category: 'raid',
  input: counterInput,
  run: (view, state, input, ctx) => {
    const due = homeportCounterDue(view);
    if (due === null) return refuse(NO_REPLY);
    const { homeport, ship } = due;
    const r = resolveHomeportCounter(
      ship.sheet.prizeDisks,
      rulesOf(view, ctx.options),
      facesOf(input.attack),
      facesOf(input.defence)
    );
    if (!r.ok) return r;
    const head = `The ${homeport} Homeport counter-attacks ${ship.sheet.name} (${r.value.attack.join(' ')} v ${r.value.defence.join(' ')})`;
    const done = withMcSystem(state, withActs(view.system, { reply: null }));
    const isHit = r.value.result === 'hit';
    const counter = homeportCounterChance(ship.sheet.prizeDisks, ctx.options);
    if (!counter.ok) return counter;
    const pc = counter.value;
    return draftOf(state, {
      kind: 'mc.homeport-counter',
      summary: isHit
        ? `${head}: ${r.value.text} ${ship.sheet.name} is repelled and must leave the Homeport.`
        : `${head}: ${r.value.text}`,
      next: isHit ? withMcSheets(done, { [ship.id]: applyRepelled(ship.sheet, homeport) }) : done,
      roll: rollRecord({
        procedure: 'mc.homeport-counter',
        inputs: toJson({ ship: ship.id, homeport }),
        dice: joinRolls([
          labelled(input.attack, `${homeport} Homeport`, 'counter-attack die'),
          labelled(input.defence, ship.sheet.name, 'defence die')
        ]),
        odds: oddsJson([
          { label: 'Raider repelled', p: pc },
          { label: 'Raider holds', p: complement(pc) }
        ]),
        outcome: toJson(r.value)
      }),
      // The Homeport's three dice (its captain's: no ship rolls them), then the raider's (SPEC
      // A.4.12 step 4). The act belongs to the raid: its ship is the raider, the one ship in it
      // (a Homeport is no ship to name as the actor).
      meaning: {
        actor: ship.id,
        target: null,
        dice: [
          homeportDice(view, homeport, input.attack),
          shipDice(ship.id, input.defence.dice.length)
        ]
      }
    });
  }
});

/** The Homeport's counter-attack, with its odds and dice (`homeportCounterMove.preview`). */
export const homeportCounterMove = withPreview(homeportCounterBase, homeportCounterPreview);

// ---------------------------------------------------------------------------------------------
// Ramming (SPEC A.4.13): the rammed ship's captain rolls; the damage falls on the attacker.

const NO_RAM =
  'No ram is possible now: a ram follows an attack by a ship that "has pulled broadside immediately in front of another ship\'s bow", once.';

const rollOnly = ({ z, diceInput }: InputKitModule) => z.strictObject({ roll: diceInput });

export interface RamInput {
  roll: DiceRoll;
}

/** The rammed-at captain's attempt (SPEC A.4.13 steps 1–3): one roll after the attack; a six rams. */
const ramAttemptBase = mcMove<RamInput>({
  id: 'mc.ram-attempt',
  category: 'ram',
  input: rollOnly,
  run: (view, state, input) => {
    const ram = turnActsOf(view.system).ram;
    if (!view.system.modules.ramming)
      return refuse('Ramming is an Advanced module this battle does not use.');
    if (ram === null || ram.stage !== 'attempt') return refuse(NO_RAM);
    if (input.roll.dice.length !== 1) return refuse('The ram attempt is one die.');
    const face = input.roll.dice[0]?.face ?? 0;
    const r = resolveRamAttempt(face);
    if (!r.ok) return r;
    const rammer = findShip(view, ram.rammerId);
    const target = findShip(view, ram.attackerId);
    if (!rammer.ok) return rammer;
    if (!target.ok) return target;
    return draftOf(state, {
      kind: 'mc.ram-attempt',
      summary: `${rammer.value.sheet.name} tries to ram ${target.value.sheet.name}: ${r.value.text}`,
      next: withMcSystem(
        state,
        withActs(view.system, { ram: r.value.isRam ? { ...ram, stage: 'damage' } : null })
      ),
      roll: rollRecord({
        procedure: 'mc.ram-attempt',
        inputs: toJson({ rammer: ram.rammerId, target: ram.attackerId }),
        dice: labelDice(input.roll, [`${rammer.value.sheet.name}, ram`]),
        odds: [{ label: 'ram', p: '1/6' }],
        outcome: toJson({ isRam: r.value.isRam })
      }),
      // "The defending ship's captain will roll one of the standard die. If the roll is a six, a
      // ram has occurred" (SPEC A.4.13 step 3): the rammer's die, good high.
      meaning: {
        actor: ram.rammerId,
        target: ram.attackerId,
        dice: [shipDice(ram.rammerId, 1)]
      }
    });
  }
});

/** The ram attempt, with its odds and die before the roll (`ramAttemptMove.preview`). */
export const ramAttemptMove = withPreview(ramAttemptBase, ramAttemptPreview);

/** The rammed-at captain lets the chance go. */
export const declineRamMove = letGoMove({
  id: 'mc.ram-declined',
  act: 'ram',
  notDue: NO_RAM,
  said: (ram, view) => {
    const rammer = view.ships.find((s) => s.id === ram.rammerId)?.sheet.name ?? 'The defender';
    return {
      summary: `${rammer} does not ram`,
      meaning: { actor: ram.rammerId, target: ram.attackerId, dice: [] }
    };
  }
});

/** Ram damage (SPEC A.4.13 steps 4–5), only after a six: the attacker loses disks, each a hit. */
const ramDamageBase = mcMove<RamInput>({
  id: 'mc.ram-damage',
  category: 'ram',
  input: rollOnly,
  run: (view, state, input) => {
    const ram = turnActsOf(view.system).ram;
    if (ram === null || ram.stage !== 'damage')
      return refuse('Roll for ram damage only after a six on the ram attempt.');
    const s = findShip(view, ram.attackerId);
    if (!s.ok) return s;
    if (input.roll.dice.length !== 1) return refuse('Ram damage is one die.');
    const face = input.roll.dice[0]?.face ?? 0;
    const r = resolveRamDamage(face);
    if (!r.ok) return r;
    const hit = applyRamDamage(s.value.sheet, view.system, r.value.disksLost);
    const name = s.value.sheet.name;
    const end =
      r.value.disksLost === 0
        ? `no damage to ${name}`
        : hit.isSunk
          ? `${name} is sunk`
          : `${name} loses ${r.value.disksLost} Prize Disk${r.value.disksLost === 1 ? '' : 's'} (${hit.sheet.prizeDisks} left)`;
    return draftOf(state, {
      kind: 'mc.ram-damage',
      summary: `Ram damage ${face}: ${end}`,
      next: withMcSheets(withMcSystem(state, withActs(hit.state, { ram: null })), {
        [ram.attackerId]: hit.sheet
      }),
      roll: rollRecord({
        procedure: 'mc.ram-damage',
        inputs: toJson({ rammer: ram.rammerId, target: ram.attackerId }),
        dice: labelDice(input.roll, ['ram damage']),
        outcome: toJson({ disksLost: r.value.disksLost })
      }),
      // "The player will then roll the die again to access damage to the rammed ship ... the
      // opposing player must relinquish" disks (SPEC A.4.13 step 4): the rammer rolls, and the
      // damage falls on the ship it rams (the attacker), so a high face is good for the rammer.
      meaning: {
        actor: ram.rammerId,
        target: ram.attackerId,
        dice: [shipDice(ram.rammerId, 1)]
      }
    });
  }
});

/** Ram damage, with its odds and die before the roll (`ramDamageMove.preview`). */
export const ramDamageMove = withPreview(ramDamageBase, ramDamagePreview);
