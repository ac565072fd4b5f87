import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import {
  enterMany,
  enteredRoll,
  expandSlots,
  facesFromCounts,
  parseFaces,
  slotGroups,
  takesCounts,
  type DiceSpec
} from './dice-pad';
import DicePad from './DicePad.svelte';

// A Master and Commander engagement: the attacker's dice, then the defender's (A.4.6).
const ENGAGEMENT: DiceSpec[] = [
  { count: 3, sides: 6, group: 'Attacker: Surprise', label: 'Broadside' },
  { count: 2, sides: 6, group: 'Defender: Acheron', label: 'Broadside' }
];

describe('dice pad groups', () => {
  it('keeps who rolls each die, in storage order, one heading per run', () => {
    const slots = expandSlots(ENGAGEMENT);
    expect(slots[0]).toEqual({ sides: 6, label: 'Broadside', group: 'Attacker: Surprise' });
    expect(slotGroups(slots)).toEqual([
      { group: 'Attacker: Surprise', start: 0, end: 3 },
      { group: 'Defender: Acheron', start: 3, end: 5 }
    ]);
  });

  it('puts faces typed for the defender on the defender’s dice, whatever was typed first', () => {
    const slots = expandSlots(ENGAGEMENT);
    let faces: (number | null)[] = slots.map(() => null);
    const d = enterMany(slots, faces, [1, 2], 3, 5);
    if (!d.ok) throw new Error(d.error);
    faces = d.value;
    const a = enterMany(slots, faces, [6, 6, 5], 0, 3);
    if (!a.ok) throw new Error(a.error);
    const roll = enteredRoll(ENGAGEMENT, a.value);
    if (!roll.ok) throw new Error(roll.error);
    expect(roll.value.dice.map((x) => x.face)).toEqual([6, 6, 5, 1, 2]);
  });

  it('refuses more faces than empty dice, or a face not on the die, changing nothing', () => {
    const slots = expandSlots(ENGAGEMENT);
    const empty = slots.map(() => null);
    expect(enterMany(slots, empty, [1, 2, 3], 3, 5)).toEqual({
      ok: false,
      error: '3 faces typed, 2 dice to fill.'
    });
    expect(enterMany(slots, empty, [7], 0, 3)).toEqual({
      ok: false,
      error: '7 is not a face of a d6 (1–6).'
    });
  });

  it('reads typed strings of faces: spaces, commas, or one digit per die', () => {
    expect(parseFaces('3 5 6 1', 6)).toEqual([3, 5, 6, 1]);
    expect(parseFaces('3,5, 6;1', 6)).toEqual([3, 5, 6, 1]);
    expect(parseFaces('3561', 6)).toEqual([3, 5, 6, 1]);
    expect(parseFaces('12', 12)).toEqual([12]);
    expect(parseFaces('3 x', 6)).toBeNull();
    expect(parseFaces('  ', 6)).toEqual([]);
  });

  it('turns counts per face into faces (22 boarding dice in six fields, not 22 taps)', () => {
    expect(facesFromCounts([2, 0, 1, 0, 0, 3])).toEqual({ ok: true, value: [1, 1, 3, 6, 6, 6] });
    expect(facesFromCounts([-1]).ok).toBe(false);
    const pool = expandSlots([{ count: 22, sides: 6, group: 'Boarders: Surprise' }]);
    expect(takesCounts(pool, { group: 'Boarders: Surprise', start: 0, end: 22 })).toBe(true);
    const guns = expandSlots(
      [1, 2, 3, 4, 5, 6].map((k) => ({ count: 1, sides: 6, label: `gun ${k}` }))
    );
    expect(takesCounts(guns, { group: undefined, start: 0, end: 6 })).toBe(false);
  });

  it('renders a heading per group and each die’s label', () => {
    const { body } = render(DicePad, { props: { dice: ENGAGEMENT, onroll: () => {} } });
    expect(body).toContain('>Attacker: Surprise</h4>');
    expect(body).toContain('>Defender: Acheron</h4>');
    expect(body).toContain('Die 4 of 5, d6 (Defender: Acheron — Broadside): empty');
    // A group's quick entry, folded: its fields are built when it is opened.
    expect(body).toMatch(/<summary[^>]*>Type the faces<\/summary>/);
    expect(body).not.toContain('Faces for Attacker: Surprise');
  });

  it('names each group section as dice, never just the side or player', () => {
    const dice: DiceSpec[] = [{ count: 2, sides: 6, group: 'Anna' }];
    const { body } = render(DicePad, { props: { dice, onroll: () => {} } });
    expect(body).toContain('aria-label="Dice: Anna"');
    expect(body).not.toContain('aria-label="Anna"');
  });
});
