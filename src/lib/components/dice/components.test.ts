import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { rational } from '$lib/engine/rational';
import DicePad from './DicePad.svelte';
import RollCard from './RollCard.svelte';
import Stepper from '../Stepper.svelte';

const noop = (): void => {};

describe('DicePad', () => {
  it('offers an app roll of the asked dice and one empty slot per die', () => {
    const { body } = render(DicePad, {
      props: { dice: [{ count: 3, sides: 6 }], onroll: noop }
    });
    expect(body).toContain('>Roll 3d6</button>');
    expect(body.match(/class="slot[ "]/g)).toHaveLength(3);
    expect(body).toContain('Die 1 of 3, d6: empty, next');
  });

  it('shows a keypad with a button per face for small dice, a number field for a d20', () => {
    const d6 = render(DicePad, { props: { dice: [{ count: 1, sides: 6 }], onroll: noop } }).body;
    const keys = [...d6.matchAll(/class="btn key[^"]*"[^>]*>(\d+)<\/button>/g)].map((m) => m[1]);
    expect(keys).toEqual(['1', '2', '3', '4', '5', '6']);
    const d20 = render(DicePad, { props: { dice: [{ count: 1, sides: 20 }], onroll: noop } }).body;
    expect(d20).not.toMatch(/class="btn key[" ]/);
    expect(d20).toMatch(/<input[^>]*type="number"[^>]*max="20"/);
  });

  it('disables everything when told to', () => {
    const { body } = render(DicePad, {
      props: { dice: [{ count: 2, sides: 8 }], onroll: noop, disabled: true }
    });
    expect(body).toMatch(/<button[^>]*disabled[^>]*>Roll 2d8/);
  });
});

describe('RollCard', () => {
  it('shows source, inputs, modifiers with sources and total, odds, every face and the outcome', () => {
    const { body } = render(RollCard, {
      props: {
        title: 'Broadside',
        inputs: [{ label: 'Range', value: '4"' }],
        modifiers: [
          { label: 'Raking', value: 2, source: 'Privateers C.4.7' },
          { label: 'Crew loss', value: -1, source: 'Ship log' }
        ],
        odds: [{ label: 'Hit', p: rational(3805, 7776) }],
        roll: {
          source: 'entered',
          dice: [
            { sides: 6, face: 4, label: 'gun 1' },
            { sides: 6, face: 2, label: 'gun 2' }
          ]
        },
        outcome: '1 hit'
      }
    });
    expect(body).toContain('data-source="entered"');
    expect(body).toContain('data-faces="4,2"');
    expect(body).toContain('Typed in');
    expect(body).toContain('Privateers C.4.7');
    expect(body).toContain('+2');
    expect(body).toContain('−1');
    expect(body).toMatch(/Total modifier<\/th><td[^>]*>\+1</);
    expect(body).toContain('48.9%');
    expect(body).toContain('3805/7776');
    expect(body).toContain('(gun 2)');
    expect(body).toContain('<strong>1 hit</strong>');
  });
});

describe('Stepper', () => {
  it('names its buttons after the label and disables − at the minimum', () => {
    const { body } = render(Stepper, { props: { label: 'Hull', value: 0, min: 0, max: 10 } });
    expect(body).toMatch(/aria-label="Decrease Hull"[^>]*disabled/);
    expect(body).toContain('aria-label="Increase Hull"');
    expect(body).toMatch(/<input[^>]*max="10"/);
  });

  it('with a typed angle, names each button with the step it shows (label in name)', () => {
    const { body } = render(Stepper, {
      props: { label: 'Heading', value: 90, step: 15, keep: 'typed', period: 360 }
    });
    expect(body).toMatch(/aria-label="Decrease Heading: −15"[^>]*>−15</);
    expect(body).toMatch(/aria-label="Increase Heading: \+15"[^>]*>\+15</);
  });
});
