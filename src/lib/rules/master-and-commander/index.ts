import * as z from 'zod/mini';
import type { RuleSystem } from '../system';

// Minimal sheet (name, class, hull, crew): the Master and Commander issue fills in the full ship log.
export const sheetSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  className: z.string().check(z.maxLength(80)),
  hull: z.strictObject({ points: z.int().check(z.gte(0)), damage: z.int().check(z.gte(0)) }),
  crew: z.strictObject({ initial: z.int().check(z.gte(0)), current: z.int().check(z.gte(0)) })
});
export type Sheet = z.infer<typeof sheetSchema>;

export const masterAndCommander: RuleSystem<Sheet> = {
  id: 'master-and-commander',
  name: 'Master and Commander',
  tagline: 'Board game: wind die, hourglass, prize disks and engagements',
  variants: [
    { id: 'beginner', name: 'Beginner', description: 'The Far Side of the World: up to eight players, one ship each' },
    { id: 'basic', name: 'Basic', description: 'Two to four players, two ships each, wind die and hourglass' },
    { id: 'advanced', name: 'Advanced', description: 'Basic plus the modules you choose: cards, boarding, raids, ramming, mist' }
  ],
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
