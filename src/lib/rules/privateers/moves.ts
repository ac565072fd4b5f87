import type { Move } from '../../battle/move';
import { boardingRound, capture, grapple, marksmen } from './moves-boarding';
import { cannonFire, damageExtra, damageToss, reload } from './moves-gunnery';
import { boats, collision, drift, dropAnchor, moveShip, tackRoll } from './moves-movement';
import {
  giveOrders,
  giveSealedOrders,
  gunnerTo,
  revealOrders,
  saveCrew,
  setHeading,
  setWind,
  weighAnchor
} from './moves-orders';
import { rollInitiative } from './moves-initiative';
import { addFortification, addShipFromClass, rollRating } from './moves-setup';
import {
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
// moves-orders (Phases 1–3, wind and headings), moves-movement (Phase 4 movement, collisions),
// moves-gunnery (cannon fire, reload), moves-boarding (marksmen, grappling, boarding, capture),
// moves-tasks (Phase 6), moves-setup (ships and fortifications). moves-common holds what they share.

export * from './moves-common';
export * from './moves-orders';
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

/** Kinds and roll-procedure ids of earlier releases → the current ids (stored events are never
 *  rewritten; readers canonicalise through this map). */
export const LEGACY_IDS: Readonly<Record<string, string>> = {
  'pv.cannonFire': 'pv.cannon-fire',
  'pv.ordersReveal': 'pv.reveal-orders',
  'pv.weighAnchor': 'pv.weigh-anchor',
  'pv.dropAnchor': 'pv.drop-anchor',
  'pv.damageControl': 'pv.damage-control',
  'pv.juryRig': 'pv.jury-rig',
  'Privateers cannon fire (SPEC C.4.7–C.4.9)': 'pv.cannon-fire',
  'Privateers weighing anchor (SPEC C.4.6.7)': 'pv.weigh-anchor',
  'Privateers boarding round (SPEC C.4.15)': 'pv.boarding',
  'Privateers damage control (SPEC C.4.16 step 3)': 'pv.damage-control',
  'Privateers jury rigging (SPEC C.4.16 step 4)': 'pv.jury-rig',
  'Privateers capture after boarding (SPEC C.4.17 step 4)': 'pv.capture',
  'Privateers sinkings (SPEC C.4.18)': 'pv.sinking',
  'Privateers fire (SPEC C.4.16 step 1)': 'pv.fire',
  'Privateers pumping (SPEC C.4.16 step 2)': 'pv.pumping',
  'Privateers grappling (SPEC C.4.14)': 'pv.grappling',
  'Privateers reload (SPEC C.4.5)': 'pv.reload',
  'Privateers reload of an independent battery (SPEC C.4.5 step 1)': 'pv.reload',
  'Privateers morale check (SPEC C.4.17)': 'pv.morale',
  'Privateers tacking roll (SPEC C.4.6.5)': 'pv.tack',
  'Privateers initiative (SPEC C.4.4)': 'pv.initiative',
  'Privateers marksmen (SPEC C.4.12)': 'pv.marksmen',
  'Privateers collision (SPEC C.4.11)': 'pv.collision',
  'Privateers drift (SPEC C.4.6.1 step 3)': 'pv.drift'
};
