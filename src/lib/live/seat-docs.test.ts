import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { SeatDocs, seatDocName, seatsOpenedBy } from './seat-docs';
import { REFEREE_SEAT } from '../engine/secrets';

// The private documents a device opens on the live table (#19 item 5) and its local copy of them.

describe('which private documents a link opens', () => {
  it('a player its own seat, the referee every seat and its own, a spectator none', () => {
    expect(seatsOpenedBy('player', 'Ann', ['Ann', 'Bob'])).toEqual(['Ann']);
    expect(seatsOpenedBy('referee', undefined, ['Bob', 'Ann', 'Ann', ''])).toEqual([
      'Ann',
      'Bob',
      REFEREE_SEAT
    ]);
    expect(seatsOpenedBy('spectator', undefined, ['Ann'])).toEqual([]);
  });

  it('no player opens the referee’s own document, whatever their seat is called', () => {
    expect(seatsOpenedBy('player', REFEREE_SEAT, [])).toEqual([]);
  });

  it('names each seat’s document apart from the battle’s, the seat encoded', () => {
    expect(seatDocName('b1', 'Ann Bonny/2')).toBe('battle:b1/seat/Ann%20Bonny%2F2');
    expect(seatDocName('b1', REFEREE_SEAT)).toBe('battle:b1/seat/%40referee');
  });
});

describe('a device’s private documents', () => {
  it('reads and writes only the seats it opens', () => {
    const docs = new SeatDocs(['Ann']);
    docs.apply([{ seat: 'Ann', key: 'pv.orders/a', value: { sail: 2 } }]);
    expect(docs.view().get('Ann', 'pv.orders/a')).toEqual({ sail: 2 });
    expect(docs.view().get('Bob', 'pv.orders/b')).toBeUndefined();
    const bob = [{ seat: 'Bob', key: 'k', value: 1 }];
    expect(docs.refusalOf(bob)).toContain('does not hold Bob’s secrets');
    expect(() => docs.apply(bob)).toThrow();
    expect(docs.refusalOf([{ seat: REFEREE_SEAT, key: 'k', value: 1 }])).toContain('referee’s');
    docs.apply([{ seat: 'Ann', key: 'pv.orders/a', value: null }]);
    expect(docs.view().get('Ann', 'pv.orders/a')).toBeUndefined();
  });

  it('keeps a local copy that merges with later changes from the hub (CRDT state, not values)', () => {
    const phone = new SeatDocs(['Ann']);
    phone.apply([{ seat: 'Ann', key: 'hand', value: ['c1'] }]);
    const saved = phone.saved();
    // The referee changes the seat's document later; the hub holds both changes.
    const hub = new Y.Doc();
    Y.applyUpdate(hub, Y.encodeStateAsUpdate(phone.docs.get('Ann')!));
    hub.getMap('secrets').set('hand', ['c1', 'c2']);
    // The phone reloads from its copy, then syncs: the later change wins, nothing is lost.
    const reloaded = new SeatDocs(['Ann']);
    reloaded.load(JSON.parse(JSON.stringify(saved)) as Record<string, string>);
    expect(reloaded.view().get('Ann', 'hand')).toEqual(['c1']);
    Y.applyUpdate(reloaded.docs.get('Ann')!, Y.encodeStateAsUpdate(hub));
    expect(reloaded.view().get('Ann', 'hand')).toEqual(['c1', 'c2']);
  });

  it('loads nothing of a seat it does not open, and survives a damaged copy', () => {
    const referee = new SeatDocs(['Ann', 'Bob']);
    referee.apply([{ seat: 'Bob', key: 'k', value: 'secret' }]);
    const ann = new SeatDocs(['Ann']);
    ann.load({ ...referee.saved(), Ann: '%%%' });
    expect(ann.view().get('Bob', 'k')).toBeUndefined();
    expect([...ann.docs.keys()]).toEqual(['Ann']);
    expect(Object.keys(ann.saved())).toEqual(['Ann']);
  });

  it('tells its owner of every change, its own or the hub’s', () => {
    const docs = new SeatDocs(['Ann']);
    let n = 0;
    docs.onUpdate = () => n++;
    docs.apply([{ seat: 'Ann', key: 'a', value: 1 }]);
    const other = new Y.Doc();
    other.getMap('secrets').set('b', 2);
    Y.applyUpdate(docs.docs.get('Ann')!, Y.encodeStateAsUpdate(other));
    expect(n).toBe(2);
  });
});
