// The main thread's long tasks in a saved trace (issue 40): a Lighthouse run's
// (`LIGHTHOUSE_TRACE=1 npm run lighthouse`, reports/lighthouse-….trace.json) or trace-load's. Each
// task over 50 ms once scaled by SCALE (4 for Lighthouse's unthrottled mobile trace: its simulated
// CPU is 4× slower; 1 for trace-load's throttled one), from first contentful paint on (where TBT
// starts counting), with what ran inside it: the scripts' calls (URL, function), timers, idle
// callbacks, observers, style and layout, garbage collection.
//
//   node scripts/trace-tasks.mjs reports/lighthouse-mobile-calculators-privateers.trace.json [SCALE]
import { readFile } from 'node:fs/promises';

const [file, scaleArg] = process.argv.slice(2);
const SCALE = Number(scaleArg ?? 4);
const raw = JSON.parse(await readFile(file, 'utf8'));
const events = raw.traceEvents ?? raw;
const main = events
  .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  .map((m) => ({
    m,
    n: events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length
  }))
  .sort((a, b) => b.n - a.n)[0]?.m;
if (!main) throw new Error('no renderer main thread in the trace');
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const nav = events
  .filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === main.pid &&
      e.args?.data?.documentLoaderURL?.startsWith('http')
  )
  .sort((a, b) => a.ts - b.ts)
  .at(-1);
const fcp = events.find(
  (e) =>
    e.name === 'firstContentfulPaint' &&
    e.pid === main.pid &&
    e.args?.data?.navigationId === nav?.args?.data?.navigationId
);
const t0 = nav?.ts ?? 0;
const ms = (us) => Math.round(us / 1000);
const tasks = onMain
  .filter((e) => e.name === 'RunTask' && e.ts >= t0 && e.dur * SCALE > 50_000)
  .sort((a, b) => a.ts - b.ts);
console.log(
  `${file}: FCP at ${fcp ? ms(fcp.ts - t0) : '?'} ms; tasks over 50 ms at ${SCALE}x: ${tasks.length}`
);
let blocking = 0;
let threadBlocking = 0;
const KINDS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'MajorGC',
  'MinorGC',
  'V8.GC_MC_BACKGROUND_MARKING',
  'IntersectionObserverController::computeIntersections',
  'ResourceReceivedData',
  'HitTest',
  'Paint',
  'PrePaint',
  'Commit'
]);
for (const task of tasks) {
  const counted = fcp && task.ts >= fcp.ts;
  if (counted) blocking += (task.dur * SCALE) / 1000 - 50;
  // Thread time: what the task cost this process's CPU, without the time another process's load
  // kept it off the core (on a loaded machine most of a task's wall time).
  if (counted) threadBlocking += Math.max(0, ((task.tdur ?? task.dur) * SCALE) / 1000 - 50);
  const inside = onMain.filter(
    (e) => e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur && KINDS.has(e.name)
  );
  const byKind = new Map();
  for (const e of inside) {
    const d = e.args?.data ?? {};
    const where =
      e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name.startsWith('v8.')
        ? ` ${(d.url ?? '').split('/').at(-1)}${d.functionName ? ` ${d.functionName}:${d.lineNumber}` : ''}`
        : e.name === 'EventDispatch'
          ? ` ${d.type}`
          : '';
    const key = e.name + where;
    byKind.set(key, (byKind.get(key) ?? 0) + e.dur);
  }
  console.log(
    `  at ${ms(task.ts - t0)} ms: ${ms(task.dur)} ms, thread ${ms(task.tdur ?? task.dur)} ms ` +
      `(${ms(task.dur * SCALE)} at ${SCALE}x)${counted ? '' : ' before FCP'}`
  );
  for (const [k, d] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 8))
    if (d >= 500) console.log(`      ${String(ms(d)).padStart(5)} ms  ${k}`);
}
console.log(
  `  blocking after FCP at ${SCALE}x (to the trace's end): ${Math.round(blocking)} ms wall, ` +
    `${Math.round(threadBlocking)} ms thread time`
);
