// Apart from the moves (issue 40): the log and the report canonicalise stored ids with the
// system's first screen, before any move is loaded.

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
