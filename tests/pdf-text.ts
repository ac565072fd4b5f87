import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that Chromium printed (Skia's writer), read without any PDF tool so the browser
 * tests run anywhere Node does: every object's stream inflated, each font's ToUnicode CMap read, and
 * each page's text-showing operators decoded through the font they name. Runs on one baseline are
 * joined, baselines become lines, ligatures are spelt out. Enough for Chromium's output; not a general PDF reader.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const out = new Map<number, PdfObject>();
  const text = pdf.toString('latin1');
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const s = body.indexOf('stream');
    let dict = body;
    let stream: Buffer | null = null;
    if (s >= 0) {
      dict = body.slice(0, s);
      let from = start + s + 'stream'.length;
      if (text[from] === '\r') from++;
      if (text[from] === '\n') from++;
      const len = /\/Length (\d+)/.exec(dict);
      const to = len ? from + Number(len[1]) : text.indexOf('endstream', from);
      const raw = pdf.subarray(from, to);
      try {
        stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
      } catch {
        stream = null;
      }
    }
    out.set(Number(m[1]), { dict, stream });
    re.lastIndex = end;
  }
  return out;
}

function hexToCodes(hex: string): number[] {
  const clean = hex.replace(/\s+/g, '');
  const codes: number[] = [];
  for (let i = 0; i + 4 <= clean.length; i += 4) codes.push(parseInt(clean.slice(i, i + 4), 16));
  return codes;
}

function utf16(hex: string): string {
  return String.fromCharCode(...hexToCodes(hex));
}

function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(parseInt(pair[1], 16), utf16(pair[2]));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const lo = parseInt(r[1], 16);
      const hi = parseInt(r[2], 16);
      const dst = parseInt(r[3], 16);
      for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(dst + c - lo));
    }
  }
  return map;
}

/** The text of every page, in order. */
export function pdfPages(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const cmaps = new Map<number, Map<number, string>>();
  const cmapOfFont = (fontObj: number): Map<number, string> => {
    const cached = cmaps.get(fontObj);
    if (cached) return cached;
    const font = objects.get(fontObj);
    const ref = font ? /\/ToUnicode (\d+) 0 R/.exec(font.dict) : null;
    const stream = ref ? objects.get(Number(ref[1]))?.stream : null;
    const map = stream ? readCMap(stream.toString('latin1')) : new Map<number, string>();
    cmaps.set(fontObj, map);
    return map;
  };
  const pages: string[] = [];
  for (const obj of objects.values()) {
    if (!/\/Type \/Page\b/.test(obj.dict)) continue;
    const fonts = new Map<string, number>();
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(obj.dict);
    if (fontDict) {
      for (const f of fontDict[1].matchAll(/\/(\w+) (\d+) 0 R/g)) fonts.set(f[1], Number(f[2]));
    }
    const contents = /\/Contents (\d+) 0 R/.exec(obj.dict);
    const content = contents ? objects.get(Number(contents[1]))?.stream : null;
    if (!content) {
      pages.push('');
      continue;
    }
    const ops = content.toString('latin1');
    let map = new Map<number, string>();
    let y: string | null = null;
    const lines: string[] = [];
    let line = '';
    const token =
      /\/(\w+) [\d.]+ Tf|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) ([\d.-]+) Tm|<([0-9A-Fa-f\s]*)> Tj|\[([^\]]*)\] TJ/g;
    for (const t of ops.matchAll(token)) {
      if (t[1] !== undefined) {
        map = cmapOfFont(fonts.get(t[1]) ?? -1);
      } else if (t[3] !== undefined) {
        if (y !== null && t[3] !== y) {
          lines.push(line);
          line = '';
        }
        y = t[3];
      } else {
        const hexes =
          t[4] !== undefined ? [t[4]] : [...t[5].matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((h) => h[1]);
        for (const h of hexes) for (const c of hexToCodes(h)) line += map.get(c) ?? '';
      }
    }
    lines.push(line);
    // NFKC: Chromium draws "ff" and "fi" with ligature glyphs.
    pages.push(lines.join('\n').normalize('NFKC'));
  }
  return pages;
}

export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf).join('\n\f');
}
