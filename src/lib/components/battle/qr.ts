import qrcode from 'qrcode-generator';

/**
 * A QR code as one SVG path (drawn by the component, no HTML injected): `size` modules square plus
 * a 4-module quiet zone on each side, `d` the dark modules.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const margin = 4;
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.isDark(r, c)) d += `M${c + margin} ${r + margin}h1v1h-1z`;
    }
  }
  return { size: n + 2 * margin, d };
}
