import type { RuleSystem, RuleSystemWithMoves } from '../engine/system';

// A rule system with its moves and schemas, which load apart from it (issue 40): for the readers
// that run moves of any kind (the live re-check, the report of old events, a campaign battle's
// set-up), the sheet moves among them checking a sheet with the schemas.

const withMovesOf = new WeakMap<object, Promise<unknown>>();

/** The system with its moves and schemas, loaded once per system object. */
export function withMoves<Sheet extends object>(
  system: RuleSystem<Sheet>
): Promise<RuleSystemWithMoves<Sheet>> {
  let p = withMovesOf.get(system) as Promise<RuleSystemWithMoves<Sheet>> | undefined;
  if (!p) {
    p = Promise.all([system.loadMoves(), system.loadSchemas()]).then(([moves, schemas]) => ({
      ...system,
      moves,
      schemas
    }));
    p.catch(() => withMovesOf.delete(system));
    withMovesOf.set(system, p);
  }
  return p;
}
