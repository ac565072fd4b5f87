import type { RuleSystem, RuleSystemWithMoves } from '../engine/system';

// A rule system with its moves, which load apart from it (issue 40): for the readers that run
// moves of any kind (the live re-check, the report of old events, a campaign battle's set-up).

const withMovesOf = new WeakMap<object, Promise<unknown>>();

/** The system with its moves, loaded once per system object. */
export function withMoves<Sheet extends object>(
  system: RuleSystem<Sheet>
): Promise<RuleSystemWithMoves<Sheet>> {
  let p = withMovesOf.get(system) as Promise<RuleSystemWithMoves<Sheet>> | undefined;
  if (!p) {
    p = system.loadMoves().then((moves) => ({ ...system, moves }));
    p.catch(() => withMovesOf.delete(system));
    withMovesOf.set(system, p);
  }
  return p;
}
