// Wooden Warships procedures: pure functions from inputs and die faces to outcomes, and `apply…`
// functions returning updated sheets and system state. Split by turn step; this file gathers them.
export * from './resolve-turn';
export * from './resolve-setup';
export * from './resolve-gunnery';
export * from './resolve-boarding';
