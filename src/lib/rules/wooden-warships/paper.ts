import * as print from '../../engine/paper-sheet';
import { minimumCrew, type Sheet } from './sheet';
import { systemStateSchema } from './sheet-schema';
import { tracks } from './tracks';
import {
  AMMO_TYPES,
  AMMUNITION,
  BATTERIES,
  BATTERY_NAMES,
  BOARDING_DIE,
  CREW_SKILLS,
  MINIMUM_CREW,
  SAIL_SETTINGS,
  SAIL_SETTING_TEXT,
  SHIP_TYPES,
  SHIP_TYPE_NAMES
} from './tables';

// The Wooden Warships "ship stat tracking sheet" on paper (SPEC B.1, B.2 WwShip): the ship type
// and chart, the captain card, the crew's quality ("Write your crew skill under the crew
// print.section"), hull, crew and rigging, the gun zones and what each is loaded with (the ammo cards
// and markers), the sail, the hold (loot card, upgrade cards) and the upgrades applied.

/** Boxes on a blank sheet: enough for a Man O' War of the largest chart a group is likely to use. */
const BLANK_BOXES = { hull: 200, crew: 200, rigging: 150 } as const;
/** Lines for the hold's upgrade cards and the upgrades applied on a blank sheet. */
const BLANK_CARD_LINES = 4;

const boardingDie = (skill: Sheet['crewSkill']): string => {
  const d = BOARDING_DIE[skill];
  return `d${d.sides}${d.plus ? `+${d.plus}` : ''}`;
};

const money = (n: number): string => `£${n.toLocaleString('en-GB')}`;

function shipSection(view: print.PaperView<Sheet> | null): print.PaperSection {
  const s = view?.sheet ?? null;
  const c = s?.chart;
  return print.section('ship', 'Ship', [
    print.ticksBlock(
      'Ship type',
      SHIP_TYPES.map((t) => SHIP_TYPE_NAMES[t]),
      (_, i) => c?.type === SHIP_TYPES[i]
    ),
    print.fieldsBlock(
      [
        [
          'Ship chart',
          c ? c.name + (c.isExample && !c.name.includes('EXAMPLE') ? ' (EXAMPLE)' : '') : ''
        ],
        ['Decks per zone', c ? (c.decks === 0.5 ? '½' : c.decks) : ''],
        ['Damage dice', c ? `${c.damageDice.count}d${c.damageDice.sides}` : ''],
        [
          'Speeds full / battle / trim',
          c ? `${c.speeds.full} / ${c.speeds.battle} / ${c.speeds.trim}` : ''
        ],
        ['Minimum crew', s ? minimumCrew(s) : '']
      ],
      s === null
    )
  ]);
}

function captainSection(view: print.PaperView<Sheet> | null): print.PaperSection {
  const sys = view ? systemStateSchema.safeParse(view.state.system) : null;
  const player = sys?.success ? sys.data.players[view!.ship.player] : undefined;
  const card = player?.captain ?? null;
  const mods = card?.modifiers.map((m) => `${m.source} ${m.value > 0 ? '+' : ''}${m.value}%`) ?? [];
  return print.section('captain', 'Captain card', [
    print.fieldsBlock(
      [
        ['Captain card', card?.name ?? (view ? 'none chosen' : '')],
        ['Player’s funds', player ? money(player.funds) : '']
      ],
      view === null
    ),
    print.linesBlock('Attributes (good and bad)', [card?.text ?? '', ...mods].filter(Boolean), 2)
  ]);
}

function qualitySection(s: Sheet | null): print.PaperSection {
  return print.section('quality', 'Crew quality', [
    print.ticksBlock('Crew skill', CREW_SKILLS, (w) => s?.crewSkill === w),
    print.fieldsBlock([['Boarding die (B.3.3)', s ? boardingDie(s.crewSkill) : '']], s === null)
  ]);
}

function tracksSection(s: Sheet | null): print.PaperSection {
  const minimum = (x: number) => `Minimum crew ${x} (B.3.2)`;
  const blocks = s
    ? tracks(s).map((t) =>
        print.trackBlock(t, null, t.id === 'crew' ? minimum(minimumCrew(s)) : undefined)
      )
    : (['hull', 'crew', 'rigging'] as const).map((id) =>
        print.trackBlock(
          { id, label: id[0].toUpperCase() + id.slice(1), value: 0, max: 0 },
          BLANK_BOXES[id],
          id === 'crew'
            ? `Minimum crew: ${SHIP_TYPES.map((t) => `${SHIP_TYPE_NAMES[t]} ${MINIMUM_CREW[t]}`).join(', ')}`
            : undefined
        )
      );
  return print.section('tracks', 'Hull, crew and rigging', blocks, { isWide: true });
}

/** Each battery with a box per ammunition (red round, green grape, black chain) and one for fired. */
function gunsSection(s: Sheet | null): print.PaperSection {
  const rows = BATTERIES.map((b): print.PaperCell[] => [
    BATTERY_NAMES[b],
    ...AMMO_TYPES.map((a) => s?.loaded[b] === a),
    s ? s.firedThisTurn.includes(b) : false
  ]);
  return print.section(
    'guns',
    'Gun zones and loads',
    [
      {
        kind: 'table',
        caption: 'Tick the shot each battery is loaded with',
        columns: [
          'Battery',
          ...AMMO_TYPES.map((a) => `${AMMUNITION[a].name} (${AMMUNITION[a].marker})`),
          'Fired this turn'
        ],
        rows
      }
    ],
    { isWide: true }
  );
}

function sailSection(s: Sheet | null): print.PaperSection {
  const words = SAIL_SETTINGS.map((x) => SAIL_SETTING_TEXT[x].name);
  return print.section('sail', 'Sail', [
    print.ticksBlock('Sail setting', words, (_, i) => s?.speedSetting === SAIL_SETTINGS[i]),
    print.ticksBlock('Next turn', words, (_, i) => s?.pendingSpeed === SAIL_SETTINGS[i]),
    print.fieldsBlock(
      [
        ['Raising anchor', s?.isRaisingAnchor ? 'Yes' : 'No'],
        ['Turns beyond the red arrows', s?.turnsBeyondRedArrows ?? '']
      ],
      s === null
    )
  ]);
}

function holdSection(s: Sheet | null): print.PaperSection {
  const loot = s?.lootCard;
  return print.section('hold', 'Hold and loot', [
    print.fieldsBlock(
      [
        ['Hold rating', s?.chart.holdRating ?? ''],
        ['Loot card', loot ? `${loot.name} (${money(loot.amount)})` : s ? 'none' : ''],
        ['Looted by', s?.lootedBy ?? '—'],
        ['Taken by', s?.capturedBy ?? '—']
      ],
      s === null
    ),
    print.linesBlock(
      'Upgrade cards in the hold',
      (s?.upgradeCards ?? []).map(
        (u) => `${u.name} (${money(u.cost)})${u.text ? `: ${u.text}` : ''}`
      ),
      s ? Math.max(1, s.upgradeCards.length) : BLANK_CARD_LINES
    )
  ]);
}

function upgradesSection(s: Sheet | null): print.PaperSection {
  const b = s?.boarding ?? null;
  return print.section('upgrades', 'Upgrades and boarding', [
    print.linesBlock(
      'Upgrades applied',
      (s?.appliedUpgrades ?? []).map((u) => `${u.name}${u.text ? `: ${u.text}` : ''}`),
      s ? Math.max(1, s.appliedUpgrades.length) : 2
    ),
    print.linesBlock(
      'Percentage modifiers',
      (s?.percentModifiers ?? []).map((m) => `${m.source} ${m.value > 0 ? '+' : ''}${m.value}%`),
      s ? Math.max(1, s.percentModifiers.length) : 2
    ),
    print.fieldsBlock(
      [
        ['Boarding party aboard', b ? b.party : '—'],
        ['Exposed side', b?.exposedSide ?? '—'],
        ['Rounds fought', b ? b.roundsFought : '—']
      ],
      s === null
    )
  ]);
}

export const paper: print.PaperSheet<Sheet> = {
  sections(view) {
    const s = view?.sheet ?? null;
    return [
      shipSection(view),
      captainSection(view),
      tracksSection(s),
      qualitySection(s),
      sailSection(s),
      gunsSection(s),
      holdSection(s),
      upgradesSection(s)
    ];
  },
  statusWords: ['captured', 'sunk', 'boarding', 'raising anchor', 'crippled']
};
