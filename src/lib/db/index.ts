// The whole data layer. Code that loads it on demand takes core.ts (without backup files and the
// live table's writes) or the part it needs, so the others stay out of its chunk (issue 18).
export * from './core';
export * from './backup';
export * from './repo-live';
