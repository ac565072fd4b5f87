import type { BattleShip } from '../../engine/events';
import { addShip as addShipDraft } from '../../battle/actions';
import type { RollRecord } from '../../engine/events';
import {
  defineMove,
  draftOf,
  joinRolls,
  labelDice,
  refuse,
  rollRecord,
  withMeaning
} from '../../battle/move';
import { rolledBy, sideOfShip } from '../../engine/meaning';
import type { DiceRoll } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import {
  fortificationSheet,
  sheetFromClass,
  type FortGunGroup,
  ratingFromD6,
  ratingTitle,
  type ShipClass
} from './sheet';
import { OFFICER_TITLES } from './describe-field';
import { facesOf, shipSheet, withSheets } from './moves-common';
import { RATING_CHART, type OfficerRole, type Rating } from './tables';
import type { PvOptions } from './options';
import * as z from 'zod/mini';
import { diceInput, idInput, intInput, textInput } from '../../engine/input-kit';
import { gunClassSchema, sheetSchema, shipClassSchema } from './sheet-schema';
import { OFFICER_ROLES } from './tables';

// Privateers set-up (SPEC C.4.1, C.6): a ship from one of the referee's ship classes (the "Ship
// Charts for Privateers" the text refers to but does not contain) and a fortification / land
// battery (C.4.13 with Errata 1). Each is one core 'ship.add' event; the id comes from ctx.newId.

/**
 * Ship classes from stored records (`data` is the class); records that do not parse are skipped.
 * Every class comes out with an id of its own: the set-up keys its list by it and saves each class
 * onto the record it maps to. A backup imported beside its own data before issue 38 left two
 * records holding one class id; the later one is told apart here (class-1-2), and its next save
 * writes that id into it.
 */
export function classesFromRecords(records: readonly { id: string; data: unknown }[]): {
  recordId: string;
  cls: ShipClass;
}[] {
  const out: { recordId: string; cls: ShipClass }[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    const p = shipClassSchema.safeParse(r.data);
    if (!p.success) continue;
    const cls = seen.has(p.data.id) ? { ...p.data, id: unusedId(p.data.id, seen) } : p.data;
    seen.add(cls.id);
    out.push({ recordId: r.id, cls });
  }
  return out;
}

/** `base-2`, `base-3`… the first not taken (short enough for the class id's 60 characters). */
function unusedId(base: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const id = `${base.slice(0, 50)}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** A battle ship from a class chart (C.6 user data). */
export function shipFromClass(
  cls: ShipClass,
  input: { id: string; name: string; side: string; player: string; order: number }
): BattleShip {
  return {
    id: input.id,
    side: input.side,
    player: input.player,
    order: input.order,
    sheet: sheetFromClass(cls, input.name)
  };
}

export interface AddShipInput {
  cls: ShipClass;
  name: string;
  side: string;
  player: string;
}

export const addShipFromClass = defineMove<AddShipInput, PvOptions>({
  id: 'pv.add-ship',
  input: z.strictObject({
    cls: shipClassSchema,
    name: textInput(),
    side: textInput(),
    player: textInput()
  }),
  category: 'setup',
  run: (state, input, ctx) => {
    const name = input.name.trim();
    if (!name) return err('Name the ship.');
    const cls = shipClassSchema.safeParse(input.cls);
    if (!cls.success) return err('The ship class is not complete.');
    const ship = shipFromClass(cls.data, {
      id: ctx.newId(),
      name,
      side: input.side.trim(),
      player: input.player.trim(),
      order: Object.keys(state.ships).length
    });
    return ok(withMeaning(addShipDraft(state, ship, name), { actor: ship.id }));
  }
});

const ratingInput = z.literal([0, 1, 2]);
const fortInput = z.strictObject({
  name: textInput(),
  side: textInput(),
  guns: z.array(
    z.strictObject({
      cls: gunClassSchema,
      extraHeavyDice: intInput(0, 12),
      count: intInput(0, 1000),
      battery: textInput()
    })
  ),
  gunnerRating: ratingInput,
  hasGunner: z.boolean(),
  crewRating: ratingInput,
  crew: intInput(0, 100_000),
  hullPoints: intInput(0, 100_000),
  ratingDice: z.optional(
    z.strictObject({ gunner: z.optional(diceInput), crew: z.optional(diceInput) })
  )
});

export interface FortInput {
  name: string;
  side: string;
  guns: FortGunGroup[];
  gunnerRating: Rating;
  hasGunner: boolean;
  crewRating: Rating;
  crew: number;
  hullPoints: number;
  /** C.3.1 by the die instead of the scenario: one d6 for the Gunner's or the crew's rating, rolled
   *  in the set-up form (the fortification is not on the roster yet); the rating is then the chart's
   *  and the 'ship.add' event carries the dice. */
  ratingDice?: { gunner?: DiceRoll; crew?: DiceRoll };
}

/** A fortification for the roster ("Fortification / land battery hull points, and which guns form
 *  'independent batteries'" are user data, C.6). */
export function fortificationShip(
  input: FortInput & { id: string; player: string; order: number }
): Result<BattleShip> {
  const name = input.name.trim();
  if (!name) return err('Name the fortification.');
  if (!input.guns.some((g) => g.count > 0)) return err('A fortification needs at least one gun.');
  if (input.guns.some((g) => g.cls === 'extraHeavy' && g.count > 0 && g.extraHeavyDice < 1))
    return err('Extra heavy guns: enter the damage dice "Per Scenario".');
  const sheet = fortificationSheet({ ...input, name, guns: input.guns.filter((g) => g.count > 0) });
  const parsed = sheetSchema.safeParse(sheet);
  if (!parsed.success) return err('The fortification does not fit the log (too many guns?).');
  return ok({
    id: input.id,
    side: input.side.trim(),
    player: input.player,
    order: input.order,
    sheet: parsed.data
  });
}

export const addFortification = defineMove<FortInput, PvOptions>({
  id: 'pv.add-fortification',
  input: fortInput,
  category: 'setup',
  run: (state, input, ctx) => {
    const rolled = fortRatingRolls(input);
    if (!rolled.ok) return rolled;
    const id = ctx.newId();
    const r = fortificationShip({
      ...input,
      ...rolled.value.ratings,
      id,
      player: '',
      order: Object.keys(state.ships).length
    });
    if (!r.ok) return r;
    const draft = addShipDraft(state, r.value, input.name.trim());
    const { rolls } = rolled.value;
    if (rolls.length === 0) return ok(withMeaning(draft, { actor: id }));
    // The rating dice are rolled for the new fortification, not yet on the roster: its side.
    const dice = rolls.map((x) => ({ ...rolledBy(id, x.dice), side: sideOfShip(r.value) }));
    return ok(
      withMeaning(
        {
          ...draft,
          summary: [draft.summary, ...rolls.map((x) => x.note)].join('; '),
          roll: ratingRecord(id, rolls)
        },
        { actor: id, dice }
      )
    );
  }
});

interface RatingDie {
  who: 'gunner' | 'crew';
  dice: DiceRoll;
  rating: Rating;
  title: string;
  note: string;
}

/** The fortification's rolled ratings (the Gunner's, then the crew's), each from its d6. */
function fortRatingRolls(input: FortInput): Result<{
  ratings: Partial<Pick<FortInput, 'gunnerRating' | 'crewRating'>>;
  rolls: RatingDie[];
}> {
  const rolls: RatingDie[] = [];
  for (const who of ['gunner', 'crew'] as const) {
    const dice = input.ratingDice?.[who];
    if (!dice) continue;
    if (who === 'gunner' && !input.hasGunner)
      return refuse('The fortification has no Gunner to rate.');
    const r = ratingFromDie(who, dice);
    if (!r.ok) return r;
    const whose = who === 'crew' ? 'crew' : `${OFFICER_TITLES[who]}'s`;
    const note = `${whose} rating rolled, d6 ${r.value.face} → ${r.value.rating} (${r.value.title})`;
    rolls.push({ who, dice, rating: r.value.rating, title: r.value.title, note });
  }
  const ratings: Partial<Pick<FortInput, 'gunnerRating' | 'crewRating'>> = {};
  for (const x of rolls) ratings[x.who === 'gunner' ? 'gunnerRating' : 'crewRating'] = x.rating;
  return ok({ ratings, rolls });
}

/** The roll record of a fortification's rated dice: the chart's procedure, one labelled die each. */
function ratingRecord(shipId: string, rolls: readonly RatingDie[]): RollRecord {
  const label = (who: RatingDie['who']) => (who === 'crew' ? 'Crew rating' : 'Gunner rating');
  return rollRecord({
    procedure: 'pv.roll-rating',
    inputs: { shipId, who: rolls.map((x) => x.who) },
    dice: labelDice(
      joinRolls(rolls.map((x) => x.dice)),
      rolls.map((x) => label(x.who))
    ),
    odds: RATING_CHART.map((row) => ({ rating: row.rating, p: `${row.faces.length}/6` })),
    outcome: Object.fromEntries(rolls.map((x) => [x.who, { rating: x.rating, title: x.title }]))
  });
}

/** One d6 read on the C.3.1 chart for this officer or the crew, or the reason it cannot be. */
function ratingFromDie(
  who: OfficerRole | 'crew',
  roll: DiceRoll
): Result<{ face: number; rating: Rating; title: string }> {
  const dice = roll.dice;
  if (dice.length !== 1 || dice[0].sides !== 6) return refuse('Roll one six-sided die.');
  const face = facesOf(roll)[0] ?? 0;
  const r = ratingOnChart(who, face);
  if (!r) return refuse('A six-sided die shows 1 to 6.');
  return ok({ face, ...r });
}

export interface RollRatingInput {
  shipId: string;
  /** The officer rated, or the crew. */
  who: OfficerRole | 'crew';
  /** One d6, the app's or typed. */
  dice: DiceRoll;
}

/** The rating a d6 face gives on the chart and its name for this officer or the crew (C.3.1:
 *  "1-2 … 0, 3-5 … 1, 6 … 2"); undefined for a face that is not 1–6. */
export function ratingOnChart(
  who: OfficerRole | 'crew',
  face: number
): { rating: Rating; title: string } | undefined {
  const rating = ratingFromD6(face);
  return rating === undefined ? undefined : { rating, title: ratingTitle(who, rating) };
}

/** C.3.1 "Officer and crew ratings may be established by scenario design or by rolling a six sided
 *  [d]ie per chart. Mark ratings on ship log." One d6 for one officer or the crew, its rating from
 *  the chart written on the ship log: one event with its die. */
export const rollRating = defineMove<RollRatingInput, PvOptions>({
  id: 'pv.roll-rating',
  input: z.strictObject({
    shipId: idInput,
    who: z.enum(['crew', ...OFFICER_ROLES] as [OfficerRole | 'crew', ...(OfficerRole | 'crew')[]]),
    dice: diceInput
  }),
  category: 'setup',
  run: (state, input) => {
    const { shipId, who } = input;
    const s = shipSheet(state, shipId);
    if (!s.ok) return s;
    const die = ratingFromDie(who, input.dice);
    if (!die.ok) return die;
    const { face, ...r } = die.value;
    const sheet = s.value;
    const name = who === 'crew' ? 'crew' : OFFICER_TITLES[who];
    const before = who === 'crew' ? sheet.crewRating : sheet.officers[who].rating;
    const next =
      who === 'crew'
        ? { ...sheet, crewRating: r.rating }
        : {
            ...sheet,
            officers: { ...sheet.officers, [who]: { ...sheet.officers[who], rating: r.rating } }
          };
    const whose = who === 'crew' ? 'crew' : `${name}'s`;
    return draftOf(state, {
      kind: 'pv.roll-rating',
      summary: `${sheet.name}: ${whose} rating rolled, d6 ${face} → ${r.rating} (${r.title})${before === r.rating ? '' : `, was ${before}`}`,
      next: withSheets(state, { [shipId]: next }),
      meaning: { actor: shipId, dice: [rolledBy(shipId, input.dice)] },
      roll: rollRecord({
        procedure: 'pv.roll-rating',
        inputs: { shipId, who },
        dice: input.dice,
        odds: RATING_CHART.map((row) => ({ rating: row.rating, p: `${row.faces.length}/6` })),
        outcome: { rating: r.rating, title: r.title }
      })
    });
  }
});
