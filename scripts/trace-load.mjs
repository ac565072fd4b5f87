// The long tasks of a page's load at 4× (issue 40): the production build (build/) served by
// scripts/serve.mjs, the system Chromium with phone emulation as the browser bench, the CPU throttled
// before navigation. A timeline trace and a sampling CPU profile of the load (until the page has been
// idle for TRACE_SETTLE ms), then each long task on the main thread: one whose thread time (main-
// thread CPU, which another process's load on this machine inflates little) at 4× is over 50 ms, its
// start, its length, and the functions with the most self time in it (build with `vite build
// --minify false` for names). At TRACE_THROTTLE=1 its thread time is scaled by 4, as Lighthouse's
// simulated mobile CPU scales an unthrottled trace. The last line is the sum of each long task's part
// over 50 ms, Lighthouse's total blocking time counted from navigation (not from first paint, so a
// little more than TBT), and those tasks' thread time.
//
//   node scripts/trace-load.mjs /calculators/privateers [/calculators/wooden-warships …]
//   node scripts/trace-load.mjs --battle wooden-warships   (a deep-linked 1,000-event battle of that
//   system, made and grown as `npm run lighthouse -- --battle` makes its own: bench-battles.mjs)
//
// TRACE_PORT (else E2E_PORT, else 4317); TRACE_THROTTLE (4); TRACE_SETTLE (3000 ms); TRACE_CSS;
// TRACE_MODULES=1 (each task's self time by source module, on a `--minify false` build).
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { startPreview } from './start-preview.mjs';
import { makeBattle, seed } from './bench-battles.mjs';

const PORT = Number(process.env.TRACE_PORT ?? process.env.E2E_PORT ?? 4317);
const BASE = `http://localhost:${PORT}`;
const THROTTLE = Number(process.env.TRACE_THROTTLE ?? 4);
const SETTLE = Number(process.env.TRACE_SETTLE ?? 3000);
/** A task is long when its thread time, scaled to 4× (Lighthouse's simulated mobile CPU), is over
 *  50 ms: at TRACE_THROTTLE=1 a task of 12.5 ms' thread time. */
const SCALE = 4 / THROTTLE;
const args = process.argv.slice(2);
const paths = args.filter((a, i) => a !== '--battle' && args[i - 1] !== '--battle');
const BATTLES = args.flatMap((a, i) => (a === '--battle' ? [args[i + 1]] : []));
const SYSTEM_NAMES = {
  privateers: 'Privateers',
  'wooden-warships': 'Wooden Warships',
  'master-and-commander': 'Master and Commander'
};
const BATTLE_EVENTS = 1_000;

/** Self time (ms) by function in the profile's samples between two trace times (µs); with
 *  `byModule`, by the source module each function is in instead. */
function selfTimes(profile, from, to, byModule = false) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const f = byId.get(id).callFrame;
    const key = byModule
      ? moduleAt(f.url, f.lineNumber)
      : `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}

/** TRACE_MODULES=1: each long task's self time by source module, read from the marks a `vite build
 *  --minify false` chunk puts before each module (`// src/…`); the file's name on a minified build. */
const BY_MODULE = Boolean(process.env.TRACE_MODULES);
const MODULE_MARKS = new Map();
function moduleAt(url, line) {
  const file = url.split('/').at(-1) || '(native)';
  if (!url.includes('/_app/')) return file;
  if (!MODULE_MARKS.has(url)) {
    let text = '';
    try {
      text = readFileSync(join('build', new URL(url).pathname), 'utf8');
    } catch {
      // not a file of this build: named by its file
    }
    const marks = [];
    text.split('\n').forEach((l, i) => {
      const m = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(l);
      if (m) marks.push({ line: i, name: m[1].replace(/^node_modules\//, '') });
    });
    MODULE_MARKS.set(url, marks);
  }
  return MODULE_MARKS.get(url).findLast((m) => m.line <= line)?.name ?? file;
}

async function traceLoad(context, path) {
  const page = await context.newPage();
  // TRACE_CSS: a style sheet added before the page's own (an experiment: e.g. no containment).
  if (process.env.TRACE_CSS)
    await page.addInitScript((css) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = css;
        document.head.append(style);
      });
    }, process.env.TRACE_CSS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  const browser = context.browser();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading']
  });
  await cdp.send('Profiler.start');
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE);
  const { profile } = await cdp.send('Profiler.stop');
  const buffer = await browser.stopTracing();
  await mkdir('reports', { recursive: true });
  const label = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'start';
  await writeFile(`reports/load-trace-${label}.json`, buffer);
  const events = JSON.parse(buffer.toString()).traceEvents ?? [];
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main?.pid);
  const tasks = events
    .filter(
      (e) =>
        main &&
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        (e.tdur ?? e.dur) * SCALE > 50_000
    )
    .sort((a, b) => a.ts - b.ts);
  const t0 = nav?.ts ?? tasks[0]?.ts ?? 0;
  let blocking = 0;
  let cpu = 0;
  console.log(`${path} at ${THROTTLE}x: ${tasks.length} tasks over 50 ms at 4x (thread time)`);
  for (const task of tasks) {
    blocking += ((task.tdur ?? task.dur) * SCALE) / 1000 - 50;
    cpu += (task.tdur ?? task.dur) / 1000;
    const inside = events.filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        e.ts >= task.ts &&
        e.ts < task.ts + task.dur &&
        [
          'EvaluateScript',
          'FunctionCall',
          'v8.compile',
          'ParseHTML',
          'Layout',
          'UpdateLayoutTree'
        ].includes(e.name)
    );
    const kinds = new Map();
    for (const e of inside) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
    const what = [...kinds].map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
    console.log(
      `  at ${Math.round((task.ts - t0) / 1000)} ms: ${Math.round(task.dur / 1000)} ms, ` +
        `thread ${Math.round((task.tdur ?? task.dur) / 1000)} ms (${what})`
    );
    for (const [key, t] of selfTimes(profile, task.ts, task.ts + task.dur, BY_MODULE).slice(0, 12))
      console.log(`      ${t.toFixed(1).padStart(6)} ms  ${key}`);
  }
  console.log(
    `  long tasks' blocking sum: ${Math.round(blocking)} ms; their thread time: ${Math.round(cpu)} ms`
  );
  await page.close();
}

const server = await startPreview(PORT);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: BASE });
  for (const id of BATTLES) {
    const name = SYSTEM_NAMES[id];
    if (!name) throw new Error(`--battle ${id}: not a system (${Object.keys(SYSTEM_NAMES)})`);
    const page = await context.newPage();
    const battle = await makeBattle(page, { id, name }, `Trace ${name}`);
    await seed(page, battle.battleId, BATTLE_EVENTS);
    await page.close();
    paths.push(battle.url);
  }
  for (const path of paths) await traceLoad(context, path);
} finally {
  await browser.close();
  process.kill(-server.pid);
}
