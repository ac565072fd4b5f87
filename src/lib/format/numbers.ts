// Whole numbers grouped by thousands ("7,000"), as `toLocaleString('en-GB')` writes them, without
// the browser's number formatter: its first use loads the locale's data, which cost a phone tens of
// milliseconds in one task on the Wooden Warships calculators page (issue 40: the fleet purchase's
// prices, ~70 ms at 4×). Anything but a safe whole number (a fraction, -0, 1e21) is left to it.

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** "7,000", "-12,500", "999": `n.toLocaleString('en-GB')`. */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-GB');
  const grouped = String(Math.abs(n)).replace(THOUSANDS, ',');
  return n < 0 ? `-${grouped}` : grouped;
}
