import * as print from '../../engine/paper-sheet';
import { initiativeMod, moraleMod, reloadMod } from './morale-reads';
import { ratingTitle, type Gun, type Sheet } from './sheet';
import { systemStateSchema } from './sheet-schema';
import { tracks } from './tracks';
import { OFFICER_LABELS, OFFICER_ROLES, SAIL_SETTINGS, type Maneuver } from './tables';
import { GUN_CLASS_LABELS, MANEUVERS } from './tables-play';

// The Privateers ship log on paper (SPEC C.2 PvShip; "Mark ratings on ship log", "record them on the
// ship log", "Mark damage on the ship log"): the ship's chart, officers and crew with their ratings,
// the tracks, every gun by broadside with its load and loaded / fired boxes, the sail setting and
// maneuver, the crew assignments, the hidden orders and the damage a referee keeps.

/** Boxes on a blank log: enough for the largest ship of a scenario (more are written in). */
const BLANK_BOXES = { hull: 100, rigging: 100, crew: 200, marines: 50 } as const;
/** Rows for the guns of each broadside, and for bow, stern and swivels, on a blank log. */
const BLANK_GUN_ROWS = { broadside: 10, ends: 4 } as const;
/** Turns the hidden-orders box has room for. */
const ORDER_TURNS = 12;

const MANEUVER_WORDS: Record<Maneuver, string> = {
  straight: 'Straight',
  starboard: 'Starboard',
  larboard: 'Larboard',
  heaveTo: 'Heave to',
  tack: 'Tack'
};
const SAIL_WORDS = ['No sail', 'Fighting', 'Medium', 'Full'] as const;
const LOAD_WORDS: Record<Gun['load'], string> = {
  ball: 'Ball',
  shotAndGrape: 'Shot & grape',
  grape: 'Grape'
};
const GUN_COLUMNS = ['#', 'Class', 'Load', 'Loaded', 'Fired', 'Double shot', 'Destroyed'];

function shipSection(s: Sheet | null): print.PaperSection {
  const isBlank = s === null;
  const x = s ?? ({} as Sheet);
  const rates = (['beating', 'broadReaching', 'running'] as const).map(
    (pos, i): print.PaperCell[] => [
      ['Beating', 'Broad reaching', 'Running'][i],
      ...[0, 1, 2].map((level) => (isBlank ? null : String(x.sailingRates[pos][level])))
    ]
  );
  return print.section('ship', 'Ship', [
    print.fieldsBlock(
      [
        ['Rig', isBlank ? '' : x.rig === 'squareRigged' ? 'Square-rigged' : 'Fore-and-aft'],
        ['Masts', isBlank ? '' : x.masts],
        ['Bowsprit', isBlank ? '' : x.bowsprit ? 'Yes' : 'No'],
        ['Masts lost', isBlank ? '' : x.mastsLost],
        ['Jury-rigged', isBlank ? '' : x.mastsJuryRigged],
        ['Boats (lowered)', isBlank ? '' : `${x.boats.total} (${x.boats.lowered})`],
        ['Heading', isBlank ? '' : `${x.headingDeg}°`]
      ],
      isBlank
    ),
    {
      kind: 'table',
      caption: 'Sailing rates (inches)',
      columns: ['Point of sail', 'Fighting', 'Medium', 'Full'],
      rows: rates
    }
  ]);
}

function officersSection(s: Sheet | null): print.PaperSection {
  const rows: print.PaperCell[][] = [
    ...OFFICER_ROLES.map((role): print.PaperCell[] =>
      s
        ? [
            OFFICER_LABELS[role],
            String(s.officers[role].rating),
            ratingTitle(role, s.officers[role].rating),
            !s.officers[role].present
          ]
        : [OFFICER_LABELS[role], null, null, false]
    ),
    s
      ? ['Crew', String(s.crewRating), ratingTitle('crew', s.crewRating), null]
      : ['Crew', null, null, null]
  ];
  return print.section('officers', 'Officers and crew', [
    {
      kind: 'table',
      caption: 'Ratings (0, 1, 2; C.3.1)',
      columns: ['', 'Rating', 'Title', 'Hit'],
      rows
    },
    print.fieldsBlock(
      [
        ['Initiative (Master + Crew)', s ? print.signed(initiativeMod(s)) : ''],
        ['Reload (Gunner + Crew)', s ? print.signed(reloadMod(s)) : ''],
        ['Morale (Captain + Crew, off the roll)', s ? print.signed(-moraleMod(s)) : '']
      ],
      s === null
    )
  ]);
}

function tracksSection(s: Sheet | null): print.PaperSection {
  const blocks = s
    ? tracks(s).flatMap((t) => (t.id === 'guns' ? [] : [print.trackBlock(t, null)]))
    : (['hull', 'rigging', 'crew', 'marines'] as const).map((id) =>
        print.trackBlock(
          { id, label: id[0].toUpperCase() + id.slice(1), value: 0, max: 0 },
          BLANK_BOXES[id]
        )
      );
  // A ship without marines still has the line: marines may come aboard by scenario.
  if (s && !blocks.some((b) => b.kind === 'track' && b.id === 'marines'))
    blocks.push(print.trackBlock({ id: 'marines', label: 'Marines', value: 0, max: 0 }, null));
  return print.section('tracks', 'Hull, rigging, crew and marines', blocks, { isWide: true });
}

function gunRows(guns: readonly Gun[]): print.PaperCell[][] {
  return guns.map((g, i) => [
    String(i + 1),
    GUN_CLASS_LABELS[g.cls] + (g.cls === 'extraHeavy' ? ` (${g.extraHeavyDice}d6)` : ''),
    LOAD_WORDS[g.load],
    !g.destroyed && g.loaded,
    // Fired and not yet reloaded: the C.4.5 reload roll is still to make.
    !g.destroyed && !g.loaded,
    g.doubleShot || g.doubleShotOrdered,
    g.destroyed
  ]);
}

const emptyGunRows = (n: number, start = 1): print.PaperCell[][] =>
  Array.from({ length: n }, (_, i) => [String(start + i), null, null, false, false, false, false]);

/** Every gun by broadside (C.2 PvGun), with room for more on a blank log. */
function gunSections(s: Sheet | null): print.PaperSection[] {
  const groups: { id: string; title: string; sides: Gun['side'][]; blank: number }[] = [
    {
      id: 'starboard',
      title: 'Starboard broadside',
      sides: ['starboard'],
      blank: BLANK_GUN_ROWS.broadside
    },
    {
      id: 'larboard',
      title: 'Larboard broadside',
      sides: ['larboard'],
      blank: BLANK_GUN_ROWS.broadside
    },
    {
      id: 'ends',
      title: 'Bow, stern and land guns',
      sides: ['bow', 'stern', 'land'],
      blank: BLANK_GUN_ROWS.ends
    }
  ];
  return groups.flatMap((g) => {
    const guns = s ? s.guns.filter((x) => g.sides.includes(x.side)) : [];
    if (s && guns.length === 0 && g.id === 'ends') return [];
    const rows = s ? gunRows(guns) : emptyGunRows(g.blank);
    const caption = s
      ? `${guns.length} ${guns.length === 1 ? 'gun' : 'guns'}`
      : 'Class: swivel, light, medium, heavy, extra heavy';
    return [
      {
        id: `guns-${g.id}`,
        title: g.title,
        blocks: [
          {
            kind: 'table',
            caption,
            columns: GUN_COLUMNS,
            rows: rows.length ? rows : emptyGunRows(1)
          }
        ]
      }
    ];
  });
}

function sailSection(s: Sheet | null): print.PaperSection {
  return print.section('sail', 'Sail setting and maneuver', [
    print.ticksBlock(
      'Sail setting',
      SAIL_SETTINGS.map((x) => x.label),
      (_, i) => s?.sail === i
    ),
    print.ticksBlock(
      'Maneuver',
      MANEUVERS.map((m) => MANEUVER_WORDS[m.id]),
      (_, i) => s?.maneuver === MANEUVERS[i].id
    ),
    print.fieldsBlock(
      [
        ['Anchored', s?.anchored ? 'Yes' : 'No'],
        ['Weighing anchor, turns left', s?.weighAnchor ? s.weighAnchor.turnsLeft : '—'],
        [
          'Tack',
          s ? { none: '—', headToWind: 'Head to wind', takenAback: 'Taken aback' }[s.tack] : ''
        ]
      ],
      s === null
    )
  ]);
}

function assignmentsSection(s: Sheet | null): print.PaperSection {
  const a = s?.assignments;
  return print.section('assignments', 'Crew assignments (this turn)', [
    print.fieldsBlock(
      [
        ['Sailing', a?.sailing ?? ''],
        ['Gun crews', a?.gunCrews.length ?? ''],
        ['Pumps', a?.pumps ?? ''],
        ['Fire fighters', a?.fireFighters ?? ''],
        ['Damage control', a?.damageControl ?? ''],
        ['Jury rig', a?.juryRig ?? ''],
        ['Boats', a?.boats ?? ''],
        ['Grapplers', a?.grapplers ?? ''],
        ['Grapple cutters', a?.grappleCutters ?? ''],
        ['Marksmen (crew / marines)', a ? `${a.marksmen.crew} / ${a.marksmen.marines}` : ''],
        ['Tiller', a?.tiller ?? ''],
        ['Anchor', a?.anchor ?? '']
      ],
      s === null
    )
  ]);
}

function damageSection(s: Sheet | null): print.PaperSection {
  return print.section('damage', 'Fire and damage', [
    print.ticksBlock('Fire: attempts made (8, 10, 12 on a d12)', ['1st', '2nd', '3rd'], (_, i) =>
      s ? s.onFire.burning && s.onFire.attempt > i : false
    ),
    print.fieldsBlock(
      [
        ['Wreckage', s?.wreckage ?? ''],
        ['Grapples', s?.grapples ?? ''],
        ['Pumps needed since turn', s?.pumpsNeededSince ?? '—']
      ],
      s === null
    )
  ]);
}

/** The hidden-order box: each turn's sail and maneuver, folded under until revealed (C.1, Errata 7). */
function ordersSection(view: print.PaperView<Sheet> | null): print.PaperSection {
  const turn = view?.state.turn ?? 0;
  const first = Math.max(1, turn - ORDER_TURNS + 1);
  const turns = Array.from({ length: ORDER_TURNS }, (_, i) => first + i);
  const sys = view ? systemStateSchema.safeParse(view.state.system) : null;
  const order = sys?.success ? sys.data.orders?.[view!.ship.id] : undefined;
  const sealed = sys?.success ? sys.data.sealedOrders?.[view!.ship.id] : undefined;
  const cell = (t: number, what: 'sail' | 'maneuver'): print.PaperCell => {
    if (order && order.turn === t)
      return order.revealed
        ? what === 'sail'
          ? SAIL_WORDS[order.sail]
          : MANEUVER_WORDS[order.maneuver]
        : 'hidden';
    if (sealed && sealed.turn === t) return 'sealed';
    return null;
  };
  return print.section(
    'orders',
    'Hidden orders (write, fold under, reveal together)',
    [
      {
        kind: 'table',
        caption:
          'Sail: No sail, Fighting, Medium, Full (one level a turn) · Maneuver: Straight, Starboard, Larboard, Heave to, Tack',
        columns: ['Turn', ...turns.map(String)],
        rows: [
          ['Sail', ...turns.map((t) => cell(t, 'sail'))],
          ['Maneuver', ...turns.map((t) => cell(t, 'maneuver'))],
          ['Revealed', ...turns.map((t) => (order && order.turn === t ? order.revealed : false))]
        ]
      }
    ],
    { isWide: true }
  );
}

export const paper: print.PaperSheet<Sheet> = {
  sections(view) {
    const s = view?.sheet ?? null;
    // Sections pair up in two columns: the broadsides side by side, the ends beside the fires.
    const [starboard, larboard, ...ends] = gunSections(s);
    return [
      shipSection(s),
      officersSection(s),
      tracksSection(s),
      starboard,
      larboard,
      sailSection(s),
      assignmentsSection(s),
      ...ends,
      damageSection(s),
      ordersSection(view)
    ];
  },
  statusWords: [
    'struck',
    'sinking',
    'sunk',
    'burned up',
    'on fire',
    'disordered',
    'anchored',
    'water line',
    'rudder',
    'helm/tiller',
    'grappled'
  ]
};
