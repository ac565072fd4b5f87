import { describe, expect, it } from 'vitest';
import { hubKeyOf } from '$lib/live/wire';
import { hubKeyFor, joinLink, parseJoinHash, type LiveConfig } from './live-config';

// Issue 34: a battle is named on the hub by the hash of its referee's token; a player's or
// spectator's link carries that name, never anything its holder could register the battle with.

const REFEREE = 'referee-token-0123456789';
const ANN = { token: 'ann-token-0123456789ab', role: 'player' as const, seat: 'Ann' };

describe('the battle’s name on the hub and the join links', () => {
  it('is the SHA-256 of the referee’s token, different for every referee', () => {
    expect(hubKeyOf(REFEREE)).toMatch(/^[0-9a-f]{64}$/);
    expect(hubKeyOf(REFEREE)).toBe(hubKeyOf(REFEREE));
    expect(hubKeyOf(`${REFEREE}x`)).not.toBe(hubKeyOf(REFEREE));
  });

  it('a player’s link names the document and holds its own token only', () => {
    const key = hubKeyOf(REFEREE);
    const link = joinLink('http://hub', 'b1', ANN, key);
    expect(link).not.toContain(REFEREE);
    const params = parseJoinHash(new URL(link).hash);
    expect(params).toEqual({
      battleId: 'b1',
      token: ANN.token,
      role: 'player',
      seat: 'Ann',
      hubKey: key
    });
    const config: LiveConfig = { hub: 'http://hub', token: ANN.token, role: 'player', hubKey: key };
    expect(hubKeyFor(config, 'b1')).toBe(key);
    // The battle's id is not its name on the hub any more.
    expect(hubKeyFor(config, 'b1')).not.toBe('b1');
  });

  it('the referee’s devices make the name from their token; their link carries no name', () => {
    const link = joinLink(
      'http://hub',
      'b1',
      { token: REFEREE, role: 'referee' },
      hubKeyOf(REFEREE)
    );
    expect(new URL(link).hash).not.toContain('k=');
    const config: LiveConfig = { hub: 'http://hub', token: REFEREE, role: 'referee' };
    expect(hubKeyFor(config, 'b1')).toBe(hubKeyOf(REFEREE));
  });

  it('a display link is the spectator’s link that opens the table display, and only that', () => {
    const key = hubKeyOf(REFEREE);
    const spectator = { token: 'spectator-token-012345', role: 'spectator' as const };
    const link = joinLink('http://hub', 'b1', spectator, key, 'display');
    expect(parseJoinHash(new URL(link).hash)).toEqual({
      battleId: 'b1',
      token: spectator.token,
      role: 'spectator',
      hubKey: key,
      isDisplay: true
    });
    // The battle's links stay as they were.
    expect(parseJoinHash(new URL(joinLink('http://hub', 'b1', spectator, key)).hash)).toEqual({
      battleId: 'b1',
      token: spectator.token,
      role: 'spectator',
      hubKey: key
    });
    // A player's link made into a display (or another view) is no live table link at all.
    const ann = new URL(joinLink('http://hub', 'b1', ANN, key)).hash;
    expect(parseJoinHash(`${ann}&v=display`)).toBeNull();
    expect(parseJoinHash(`${new URL(link).hash.replace('v=display', 'v=board')}`)).toBeNull();
  });

  it('refuses a link whose name is not a hash', () => {
    expect(parseJoinHash('#b=b1&t=ann-token-0123456789ab&r=player&k=battle-id')).toBeNull();
  });
});
