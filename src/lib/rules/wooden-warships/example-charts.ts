import type { HitTable, ShipChart } from './sheet';

// EXAMPLE ship charts, so a new user can try the app at once.
//
// EVERY NUMBER IN THIS FILE IS INVENTED for trying the app. The Wooden Warships text refers to
// "5 ship charts (1 per ship type)" but does not contain them (SPEC B.6). The only exceptions:
// - the minimum crews of SPEC B.3.2 (fixed in tables.ts, not here; the example crews are chosen
//   above them so that boarding parties are possible), and
// - the Man O' War's 3 decks and 3d6 damage, which the text implies ("I hit with 5 out of 6 of my
//   gun decks … 3d6x5= 15d6"); the Schooner's half deck and 3d6 follow its example too.
// Each chart has `isExample: true` and "EXAMPLE" in its name; the UI says so on screen.

const BANDS = [{ upToInches: 4 }, { upToInches: 8 }, { upToInches: 12 }, { upToInches: 18 }];

/** EXAMPLE hit table: bigger targets are easier to hit, and every band is 20 points worse. */
function exampleHitTable(shift: number): HitTable {
  const row = (first: number) => [0, 1, 2, 3].map((i) => Math.max(5, first - 20 * i + shift));
  return {
    bands: BANDS,
    percent: {
      ManOWar: row(80),
      Frigate: row(75),
      Brig: row(70),
      Corvette: row(65),
      BattleSchooner: row(60)
    }
  };
}

export const EXAMPLE_CHARTS: readonly ShipChart[] = [
  {
    id: 'example-man-o-war',
    name: "Man O' War (EXAMPLE)",
    type: 'ManOWar',
    isExample: true,
    price: 3000,
    crewSkillSurcharge: { Novice: 0, Skilled: 300, Veteran: 600, Crack: 900 },
    hull: 200,
    rigging: 120,
    crew: 200,
    decks: 3,
    damageDice: { count: 3, sides: 6 },
    holdRating: 4,
    speeds: { full: 3, battle: 2, trim: 1 },
    hitTable: exampleHitTable(5),
    ramDamage: { count: 3, sides: 6, plus: 0 },
    chaseGuns: { rolls: 1, damageDice: { count: 2, sides: 6 } },
    notes: 'EXAMPLE ONLY: invented numbers for trying the app.'
  },
  {
    id: 'example-frigate',
    name: 'Frigate (EXAMPLE)',
    type: 'Frigate',
    isExample: true,
    price: 2000,
    crewSkillSurcharge: { Novice: 0, Skilled: 200, Veteran: 400, Crack: 600 },
    hull: 140,
    rigging: 100,
    crew: 120,
    decks: 2,
    damageDice: { count: 3, sides: 6 },
    holdRating: 3,
    speeds: { full: 4, battle: 3, trim: 2 },
    hitTable: exampleHitTable(0),
    ramDamage: { count: 2, sides: 6, plus: 0 },
    chaseGuns: { rolls: 1, damageDice: { count: 2, sides: 6 } },
    notes: 'EXAMPLE ONLY: invented numbers for trying the app.'
  },
  {
    id: 'example-brig',
    name: 'Brig (EXAMPLE)',
    type: 'Brig',
    isExample: true,
    price: 1400,
    crewSkillSurcharge: { Novice: 0, Skilled: 150, Veteran: 300, Crack: 450 },
    hull: 90,
    rigging: 70,
    crew: 70,
    decks: 1,
    damageDice: { count: 3, sides: 6 },
    holdRating: 2,
    speeds: { full: 4, battle: 3, trim: 2 },
    hitTable: exampleHitTable(0),
    ramDamage: { count: 2, sides: 4, plus: 0 },
    chaseGuns: { rolls: 1, damageDice: { count: 1, sides: 6 } },
    notes: 'EXAMPLE ONLY: invented numbers for trying the app.'
  },
  {
    id: 'example-corvette',
    name: 'Corvette (EXAMPLE)',
    type: 'Corvette',
    isExample: true,
    price: 1000,
    crewSkillSurcharge: { Novice: 0, Skilled: 100, Veteran: 200, Crack: 300 },
    hull: 60,
    rigging: 50,
    crew: 45,
    decks: 1,
    damageDice: { count: 2, sides: 6 },
    holdRating: 2,
    speeds: { full: 5, battle: 4, trim: 2 },
    hitTable: exampleHitTable(-5),
    ramDamage: { count: 1, sides: 6, plus: 0 },
    chaseGuns: { rolls: 1, damageDice: { count: 1, sides: 6 } },
    notes: 'EXAMPLE ONLY: invented numbers for trying the app.'
  },
  {
    id: 'example-battle-schooner',
    name: 'Battle Schooner (EXAMPLE)',
    type: 'BattleSchooner',
    isExample: true,
    price: 600,
    crewSkillSurcharge: { Novice: 0, Skilled: 60, Veteran: 120, Crack: 180 },
    hull: 40,
    rigging: 40,
    crew: 25,
    decks: 0.5,
    damageDice: { count: 3, sides: 6 },
    holdRating: 1,
    speeds: { full: 5, battle: 4, trim: 3 },
    hitTable: exampleHitTable(-10),
    ramDamage: { count: 1, sides: 4, plus: 0 },
    chaseGuns: { rolls: 1, damageDice: { count: 1, sides: 6 } },
    notes: 'EXAMPLE ONLY: invented numbers for trying the app.'
  }
];

/** The example chart of a ship type. */
export function exampleChart(type: ShipChart['type']): ShipChart {
  const chart = EXAMPLE_CHARTS.find((c) => c.type === type);
  if (!chart) throw new Error(`No example chart for ${type}`);
  return chart;
}
