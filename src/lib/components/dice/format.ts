import { formatPercent, type Rational } from '$lib/engine/rational';

/**
 * A chance as the table reads it: "48.9%", rounded from the exact fraction. A possible outcome never
 * shows as "0.0%" and an uncertain one never as "100.0%": a referee must not read "no chance" for a
 * 1-in-7776 shot.
 */
export function formatChance(p: Rational, digits = 1): string {
  const s = formatPercent(p, digits);
  const floor = `${(0).toFixed(digits)}%`;
  const ceiling = `${(100).toFixed(digits)}%`;
  const step = `${(10 ** -digits).toFixed(digits)}`;
  if (s === floor && p.n !== 0n) return `<${step}%`;
  if (s === ceiling && p.n !== p.d) return `>${(100 - 10 ** -digits).toFixed(digits)}%`;
  return s;
}

/** "+2", "−1", "0" — modifiers read with their sign (a true minus sign, as printed rules use). */
export function formatSigned(x: number): string {
  if (x > 0) return `+${x}`;
  if (x < 0) return `−${-x}`;
  return '0';
}
