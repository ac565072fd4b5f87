import { describeFaces, type LuckAudit } from './luck';
import {
  describeChange,
  describeLogCount,
  describeTracks,
  plural,
  shipStory,
  type Report,
  type ReportEntry
} from './model';

/** The after-action report as Markdown, for the share sheet or a club's forum. */

function esc(text: string): string {
  return text.replace(/([\\`*_[\]#|<>])/g, '\\$1');
}

/** One entry's line: the log's words, then what it did to each ship. */
export function entryLine(x: ReportEntry): string {
  const effects = x.changes.filter((c) => !c.joined).map(describeChange);
  const saysHits = /\bhits?\b/i.test(x.summary);
  const hits =
    x.category === 'fire' && x.hits !== null && !saysHits ? ` ${plural(x.hits, 'hit')}.` : '';
  const crit =
    x.criticals > 0 && !/critical/i.test(x.summary)
      ? ` ${plural(x.criticals, 'critical hit')}.`
      : '';
  const tail = effects.length ? ` — ${effects.join('; ')}` : '';
  return `${x.summary}${/[.!?]$/.test(x.summary) ? '' : '.'}${hits}${crit}${tail}`;
}

/**
 * Entries worth telling: everything but the turn and phase markers and the events that changed
 * nothing ("heading 0° → 0°").
 */
export function toldEntries(entries: readonly ReportEntry[]): ReportEntry[] {
  return entries.filter((x) => !x.isNoChange && (x.category !== 'turn' || x.changes.length > 0));
}

export function reportMarkdown(report: Report, audit: LuckAudit): string {
  const out: string[] = [];
  out.push(`# ${esc(report.title)}: after-action report`, '');
  out.push(
    `*${esc(report.systemName)}, ${plural(report.lastTurn, 'turn')}, ${esc(describeLogCount(report))}.*`,
    ''
  );
  out.push(`**${esc(report.outcome)}**`, '');

  out.push('## The ships', '');
  out.push('| Ship | Side | Final state | Status | Damage dealt | Damage taken |');
  out.push('| --- | --- | --- | --- | ---: | ---: |');
  for (const s of report.ships) {
    out.push(
      `| ${esc(s.name)} | ${esc(s.side)} | ${esc(describeTracks(s.end))} | ${esc(
        s.status.join(', ') || 'fighting'
      )} | ${s.damageDealt} | ${s.damageTaken} |`
    );
  }
  out.push('');

  out.push('## Turn by turn', '');
  for (const t of report.turns) {
    const told = toldEntries(t.entries);
    if (told.length === 0) continue;
    out.push(`### Turn ${t.turn}`, '');
    for (const x of told) out.push(`- ${esc(entryLine(x))}`);
    const dealt = Object.entries(t.dealtBySide).filter(([, n]) => n > 0);
    if (dealt.length) {
      out.push('', `Damage dealt: ${dealt.map(([s, n]) => `${esc(s)} ${n}`).join(', ')}.`);
    }
    out.push('');
  }

  out.push("## Each ship's story", '');
  for (const s of report.ships) out.push(`- ${esc(shipStory(s))}`);
  out.push('');

  out.push('## The luck audit', '');
  if (audit.sides.length === 0) out.push('No dice were rolled.');
  for (const l of audit.sides) out.push(`- ${esc(l.text)}`);
  if (audit.fairness.length) {
    out.push('', '### Typed-in dice', '');
    for (const f of audit.fairness) {
      const p =
        f.pValue === null ? '' : ` (χ² = ${f.chiSquare?.toFixed(2)}, p = ${f.pValue.toFixed(3)})`;
      out.push(`- ${esc(f.text)}${p} Faces: ${describeFaces(f.counts)}.`);
    }
  }
  out.push('');
  return out.join('\n');
}
