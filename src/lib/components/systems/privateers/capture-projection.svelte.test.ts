import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '$lib/rules/privateers/options';
import type { ChainInput } from '$lib/rules/privateers/odds-boarding';
import { CaptureProjection } from './capture-projection.svelte';

// Issue 17 #9: the capture chance screens (the battle's boarding round and the calculator) ask the
// chain's own check first, so parties it cannot pack give its reason and no chance — 1 boarder
// against 1,001 defenders once reported a 100% capture.

const party = (crew: number) => ({ crew, officers: 0, marines: 0 });
const chain = (defenders: number): ChainInput => ({
  attacker: party(1),
  defender: party(defenders),
  defenderMoraleRating: 2,
  defenderDisordered: false
});

/** In this (server) build the class's effects do not run; its derived values do. */
function projectionOf(input: ChainInput): { problem: string | null; hasChance: boolean } {
  const capture = new CaptureProjection(() => ({ input, options: DEFAULT_OPTIONS }));
  return { problem: capture.problem, hasChance: capture.value !== null };
}

describe('capture projection input check', () => {
  it('parties in range: a chance and no problem', () => {
    expect(projectionOf(chain(2))).toEqual({ problem: null, hasChance: true });
  });

  it('1,001 defenders or −1 crew: the reason, and no chance', () => {
    expect(projectionOf(chain(1001))).toEqual({
      problem: 'The defenders: crew must be a whole number from 0 to 1000',
      hasChance: false
    });
    expect(projectionOf(chain(-1)).hasChance).toBe(false);
    expect(projectionOf({ ...chain(2), defenderMoraleRating: Number.NaN }).problem).toBe(
      'The defenders’ morale rating must be a whole number from 0 to 4'
    );
  });
});
