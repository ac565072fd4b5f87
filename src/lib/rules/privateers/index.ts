import * as z from 'zod/mini';
import type { RuleSystem } from '../system';

// Minimal sheet (name, class, hull, crew): the Privateers issue fills in the full ship log.
export const sheetSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  className: z.string().check(z.maxLength(80)),
  hull: z.strictObject({ points: z.int().check(z.gte(0)), damage: z.int().check(z.gte(0)) }),
  crew: z.strictObject({ initial: z.int().check(z.gte(0)), current: z.int().check(z.gte(0)) })
});
export type Sheet = z.infer<typeof sheetSchema>;

export const privateers: RuleSystem<Sheet> = {
  id: 'privateers',
  name: 'Privateers',
  tagline: 'Miniatures: d12 gunnery, criticals, crew tasks, boarding and morale',
  variants: [{ id: 'standard', name: 'Standard', description: 'The rules as published in MWAN #108' }],
  options: [],
  sheetSchema,
  defaultSheet: ({ name, className = '' }) => ({
    name,
    className,
    hull: { points: 0, damage: 0 },
    crew: { initial: 0, current: 0 }
  }),
  summarize: (s) => ({
    lines: [`Hull ${s.hull.points - s.hull.damage}/${s.hull.points}`, `Crew ${s.crew.current}/${s.crew.initial}`],
    status: [],
    isOut: false
  })
};
