// Privateers procedures (SPEC C.4): input + dice faces → outcome, and the apply functions that put
// an outcome on a ship's log. One topic file per part of the turn, re-exported here.

export * from './crew-check';
export * from './resolve-boarding';
export * from './resolve-collision';
export * from './resolve-gunnery';
export * from './resolve-initiative';
export * from './resolve-morale';
export * from './resolve-movement';
export * from './resolve-tasks';
export * from './resolve-turn';
