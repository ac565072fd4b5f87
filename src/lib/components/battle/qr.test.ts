import { describe, expect, it } from 'vitest';
import { qrPath } from './qr';

describe('qrPath', () => {
  it('draws a join link as a square code with finder patterns and a quiet zone', () => {
    const { size, d } = qrPath(
      'http://192.168.1.20:4400/join#b=abc&t=0123456789abcdef0123&r=player'
    );
    // Version 4 or more at level M for ~70 characters: 33+ modules, plus 8 of quiet zone.
    expect(size).toBeGreaterThanOrEqual(41);
    // The top-left finder pattern's first row starts at the quiet zone's edge.
    expect(d.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
