import * as print from '../../engine/paper-sheet';
import { handsFor } from './cards-hands';
import type { Sheet, SystemState } from './sheet';
import { systemStateSchema } from './sheet-schema';
import { shipColourText } from './ship-card';
import { tracks } from './tracks';
import { COMPASS, COMPONENTS, DICE_BY_PRIZE_DISKS, REPAIR_COST, shipDiceOf } from './tables';

// The Master and Commander ship on paper (SPEC A.2 McShip, McHomeport): the Prize Disks under the
// ship, the strength they give (A.3.3), the Homeport and its Repair Cards (A.3.4), where the ship
// lies and a record of the turns. The board game keeps these on the table; the paper keeps them
// when the table is packed away mid-game.

/** Repair Card boxes: four at set-up, more won by raids (A.4.12), sixteen in the box (A.1). */
const REPAIR_CARD_BOXES = 8;
/** Rows of the turn record. */
const TURN_ROWS = 20;

const COMPASS_WORDS: Record<(typeof COMPASS)[number], string> = {
  N: 'North',
  E: 'East',
  S: 'South',
  W: 'West'
};
const LOCATIONS = [
  ['sea', 'At sea'],
  ['homeport', 'In Homeport'],
  ['anchor', 'At an anchor'],
  ['mist', 'In the Mist']
] as const;

function systemOf(view: print.PaperView<Sheet> | null): SystemState | null {
  if (!view) return null;
  const r = systemStateSchema.safeParse(view.state.system);
  return r.success ? r.data : null;
}

function shipSection(s: Sheet | null): print.PaperSection {
  return print.section('ship', 'Ship', [
    print.fieldsBlock([['Colour', s ? shipColourText(s) : '']], s === null),
    print.ticksBlock(
      'Heading (bow)',
      COMPASS.map((c) => COMPASS_WORDS[c]),
      (_, i) => s?.heading === COMPASS[i]
    ),
    print.ticksBlock(
      'Where she lies',
      LOCATIONS.map(([, w]) => w),
      (_, i) => s?.location === LOCATIONS[i][0]
    )
  ]);
}

/** Prize Disks and the dice they give (A.3.3); the Beginner game always rolls one die. */
function strengthSection(s: Sheet | null, sys: SystemState | null): print.PaperSection {
  const dice = s && sys && !s.isSunk ? shipDiceOf(s.prizeDisks, sys.variant) : null;
  const words = [
    `Full strength: ${DICE_BY_PRIZE_DISKS[2]} dice`,
    `One hit: ${DICE_BY_PRIZE_DISKS[1]} dice`,
    `Two hits: ${DICE_BY_PRIZE_DISKS[0]} die`,
    'Third hit: sunk'
  ];
  const isBeginner = sys?.variant === 'beginner';
  return print.section('strength', 'Prize disks and ship strength', [
    ...(s ? tracks(s) : [{ id: 'prize-disks', label: 'Prize disks', value: 0, max: 0 }]).map((t) =>
      print.trackBlock(t, s ? null : 2, 'Each hit takes one disk; three hits and she is sunk')
    ),
    print.ticksBlock('Ship strength (dice in attack or defence)', words, (_, i) =>
      s ? (s.isSunk ? i === 3 : !isBeginner && 2 - s.prizeDisks === i) : false
    ),
    print.fieldsBlock(
      [
        [
          'Dice she rolls now',
          dice === null
            ? s?.isSunk
              ? 'none (sunk)'
              : ''
            : `${dice}${isBeginner ? ' (Beginner: always 1)' : ''}`
        ]
      ],
      s === null
    )
  ]);
}

function homeportSection(s: Sheet | null, sys: SystemState | null): print.PaperSection {
  const port = s?.homeport ?? null;
  const cards = port && sys ? sys.homeports[port].repairCards : 0;
  // "Four Repair Cards are placed at each Homeport"; a raid may win more (A.4.12). The Beginner
  // game has none.
  const isBeginner = sys?.variant === 'beginner';
  const boxes = isBeginner ? 0 : Math.max(cards, COMPONENTS.repairCardsPerHomeport);
  const cost = `Homeport: ${REPAIR_COST.homeport.cards} card per disk · at an anchor: ${REPAIR_COST.anchor.cards} cards per disk`;
  return print.section('homeport', 'Homeport and repair cards', [
    print.ticksBlock(
      'Homeport',
      COMPASS.map((c) => COMPASS_WORDS[c]),
      (_, i) => port === COMPASS[i]
    ),
    // The cards lie at the Homeport, counted as they stand (struck: spent or raided).
    print.trackBlock(
      { id: 'repair-cards', label: 'Repair cards', value: cards, max: boxes },
      s ? null : REPAIR_CARD_BOXES,
      isBeginner ? 'The Beginner game has no Repair Cards' : cost
    ),
    print.fieldsBlock(
      [
        ['Disks repaired this turn', s?.repairsThisTurn ?? ''],
        ['Disks set aside (all ships)', sys?.discardedPrizeDisks ?? '']
      ],
      s === null
    )
  ]);
}

function advancedSection(
  view: print.PaperView<Sheet> | null,
  sys: SystemState | null
): print.PaperSection {
  const s = view?.sheet ?? null;
  // Card texts stay in the captain's hand: the paper counts them, as the fleet list does.
  const held =
    sys && view
      ? handsFor(sys.cards, null).find((h) => h.playerId === view.ship.player)
      : undefined;
  return print.section('advanced', 'Advanced game', [
    print.fieldsBlock(
      [
        ['Master and Commander cards held', held?.count ?? 0],
        ['Mist: entered on turn', s?.mist ? s.mist.enteredOnTurn : '—'],
        ['Repelled from Homeport', s?.repelledFromHomeport ?? '—'],
        ['Taken from', s?.capturedFrom ?? '—']
      ],
      s === null
    )
  ]);
}

function turnsSection(view: print.PaperView<Sheet> | null): print.PaperSection {
  const turn = view?.state.turn ?? null;
  const first = turn === null ? 1 : Math.max(1, turn - TURN_ROWS + 1);
  const rows = Array.from({ length: TURN_ROWS }, (_, i): print.PaperCell[] => [
    String(first + i),
    null,
    null,
    null,
    null,
    null
  ]);
  return print.section(
    'turns',
    'Turn record',
    [
      {
        kind: 'table',
        caption: 'Upwind 1, downwind 3, on a reach 5 squares; a storm 1d6',
        columns: ['Turn', 'Wind', 'Squares', 'Engaged', 'Hits given / taken', 'Repairs'],
        rows
      }
    ],
    { isWide: true }
  );
}

export const paper: print.PaperSheet<Sheet> = {
  sections(view) {
    const s = view?.sheet ?? null;
    const sys = systemOf(view);
    return [
      shipSection(s),
      strengthSection(s, sys),
      homeportSection(s, sys),
      advancedSection(view, sys),
      turnsSection(view)
    ];
  },
  statusWords: ['sunk', 'captured', 'in the Mist'],
  // The battle keeps the captain's player id; the paper names the captain.
  playerName: (view) => {
    const sys = systemOf(view);
    const p = sys?.players.find((x) => x.id === view.ship.player);
    return p?.name || view.ship.player;
  }
};
