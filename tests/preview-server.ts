// The app server a spec owns lives in plain JavaScript, so the engine smoke (tests/engines, run by
// node outside Playwright) starts it the same way.
export { startPreview } from './serve-build.mjs';
