// The release, from package.json through Vite's `define` (vite.config.ts), written into the
// database's meta record and every backup. Outside a Vite build (node scripts) it is unknown.
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-unknown';
