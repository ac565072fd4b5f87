import type { ShipTrack } from '../../engine/system';
import type { Sheet } from './sheet';

// The Privateers ship log's tracks (SPEC C.2 PvShip): hull and rigging points with the damage marked
// against them, crew and marines, and the guns still in service.
export function tracks(s: Sheet): ShipTrack[] {
  const out: ShipTrack[] = [
    {
      id: 'hull',
      label: 'Hull',
      value: Math.max(0, s.hull.points - s.hull.damage),
      max: s.hull.points,
      isDamage: true
    },
    {
      id: 'rigging',
      label: 'Rigging',
      value: Math.max(0, s.rigging.points - s.rigging.damage),
      max: s.rigging.points,
      isDamage: true
    },
    { id: 'crew', label: 'Crew', value: s.crew.current, max: s.crew.initial, isDamage: true }
  ];
  if (s.marines.initial > 0) {
    out.push({
      id: 'marines',
      label: 'Marines',
      value: s.marines.current,
      max: s.marines.initial,
      isDamage: true
    });
  }
  if (s.guns.length > 0) {
    out.push({
      id: 'guns',
      label: 'Guns',
      value: s.guns.filter((g) => !g.destroyed).length,
      max: s.guns.length,
      isDamage: true
    });
  }
  return out;
}

/**
 * Between battles (campaigns, issue 36): `points` of a track repaired, never past the sheet's
 * boxes; guns are brought back into service one per point. Null for a track with nothing to
 * repair. The texts have no repair between battles: the campaign's referee decides it.
 */
export function repairTrack(s: Sheet, trackId: string, points: number): Sheet | null {
  const n = Math.max(0, Math.floor(points));
  // No points mend nothing (the contract: null when nothing is repaired).
  if (n === 0) return null;
  switch (trackId) {
    case 'hull':
      return s.hull.damage > 0
        ? { ...s, hull: { ...s.hull, damage: Math.max(0, s.hull.damage - n) } }
        : null;
    case 'rigging':
      return s.rigging.damage > 0
        ? { ...s, rigging: { ...s.rigging, damage: Math.max(0, s.rigging.damage - n) } }
        : null;
    case 'crew':
      return s.crew.current < s.crew.initial
        ? { ...s, crew: { ...s.crew, current: Math.min(s.crew.initial, s.crew.current + n) } }
        : null;
    case 'marines':
      return s.marines.current < s.marines.initial
        ? {
            ...s,
            marines: { ...s.marines, current: Math.min(s.marines.initial, s.marines.current + n) }
          }
        : null;
    case 'guns': {
      let left = n;
      const guns = s.guns.map((g) =>
        g.destroyed && left > 0 ? (left--, { ...g, destroyed: false }) : g
      );
      return left === n ? null : { ...s, guns };
    }
    default:
      return null;
  }
}

/** A prize under her new owner between battles (campaigns, issue 36): her colours flying again. */
export function commissionPrize(s: Sheet): Sheet {
  return { ...s, struck: false };
}

/**
 * A ship between battles as she starts the next game (campaigns, issue 36): her guns loaded, as
 * every game starts them (C.4.1 #3: "For game purposes, guns are considered to be loaded on the
 * first broadside or firing"); a gun destroyed stays destroyed until repaired.
 */
export function startOfGame(s: Sheet): Sheet {
  return { ...s, guns: s.guns.map((g) => (g.destroyed || g.loaded ? g : { ...g, loaded: true })) };
}
