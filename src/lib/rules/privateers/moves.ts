import type { Move } from '../../battle/move';
import { boardingRound, grapple, marksmen } from './moves-boarding';
import { cannonFire, damageExtra, damageToss, reload } from './moves-gunnery';
import { boats, collision, drift, dropAnchor, moveShip, tackRoll } from './moves-movement';
import { giveOrders, setHeading, setWind } from './moves-orders';
import { giveSealedOrders, revealOrders } from './moves-sealed';
import { gunnerTo, saveCrew, weighAnchor } from './moves-crew';
import { rollInitiative } from './moves-initiative';
import { addFortification, addShipFromClass, rollRating } from './moves-setup';
import {
  capture,
  damageControl,
  designateDoubleShot,
  fightFire,
  juryRig,
  moraleCheck,
  pumping,
  sinking
} from './moves-tasks';

// Every Privateers battle action as a pure Move (SPEC Part C): state + input + the pad's dice →
// the event draft with its summary and roll record, or the rule's reason for refusing. Topic files:
// moves-orders (Phase 1, wind and headings), moves-sealed (hidden orders), moves-crew (Phase 2),
// moves-initiative (Phase 3), moves-movement (Phase 4 movement, collisions),
// moves-gunnery (cannon fire, reload), moves-boarding (marksmen, grappling, boarding),
// moves-tasks (Phase 6, captures), moves-setup (ships and fortifications). moves-common holds what they share.

export * from './moves-common';
export * from './moves-orders';
export * from './moves-sealed';
export * from './moves-crew';
export * from './moves-initiative';
export * from './moves-movement';
export * from './moves-gunnery';
export * from './damage-preview';
export * from './moves-boarding';
export * from './boarding-preview';
export * from './marksmen-preview';
export * from './moves-tasks';
export * from './tasks-preview';
export * from './moves-setup';
export * from './turn-reads';

/** Every move, in turn order (the registry's `moves`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- moves differ in input
export const MOVES: readonly Move<any, any>[] = [
  addShipFromClass,
  addFortification,
  rollRating,
  setWind,
  setHeading,
  giveOrders,
  giveSealedOrders,
  revealOrders,
  saveCrew,
  weighAnchor,
  rollInitiative,
  designateDoubleShot,
  reload,
  moveShip,
  drift,
  tackRoll,
  dropAnchor,
  boats,
  collision,
  cannonFire,
  damageToss,
  damageExtra,
  gunnerTo,
  marksmen,
  grapple,
  boardingRound,
  fightFire,
  pumping,
  damageControl,
  juryRig,
  moraleCheck,
  capture,
  sinking
];
