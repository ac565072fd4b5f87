// Master and Commander procedures (SPEC A.4): input + die faces → outcome, and `apply…` functions that
// return updated sheets and system state. Split by subject; this file is the one entry point.
export * from './resolve-wind';
export * from './resolve-combat';
export * from './resolve-fleet';
export * from './resolve-cards';
export * from './resolve-geometry';
