import { describe, expect, it } from 'vitest';
import { mimeTypeOf } from './share';

describe('mimeTypeOf', () => {
  it('labels a Markdown report as Markdown, so a share target opens it as text', () => {
    expect(mimeTypeOf('Battle of Grand Port — report.md')).toBe('text/markdown');
    expect(mimeTypeOf('REPORT.MD')).toBe('text/markdown');
  });
  it('labels backups and battle files as JSON', () => {
    expect(mimeTypeOf('quarterdeck-backup-2026-12-02.json')).toBe('application/json');
    expect(mimeTypeOf('battle.quarterdeck.json')).toBe('application/json');
  });
});
