import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOddsWorker, warmOddsWorker } from './odds-worker';

/** A stand-in for a browser worker: records what it is sent and whether it was ended. */
class FakeWorker {
  sent: unknown[] = [];
  isTerminated = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  terminate() {
    this.isTerminated = true;
  }
  say(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('startOddsWorker (issue 35: one odds-worker helper)', () => {
  it('is null where the browser has no workers, so the panel works the odds out in place', () => {
    vi.stubGlobal('Worker', undefined);
    const create = vi.fn();
    expect(startOddsWorker(create, 1, { onMessage: () => {}, onError: () => {} })).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the input, passes each message on, and after stop hears nothing more', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    const heard: unknown[] = [];
    const job = startOddsWorker(
      () => worker as unknown as Worker,
      { plan: 3 },
      {
        onMessage: (m) => heard.push(m),
        onError: () => heard.push('error')
      }
    )!;
    expect(worker.sent).toEqual([{ plan: 3 }]);
    worker.say('progress');
    job.stop();
    worker.say('late exact odds');
    worker.onerror?.();
    expect(heard).toEqual(['progress']);
    expect(worker.isTerminated).toBe(true);
  });

  it('ends the worker on an error and says so once', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    const onError = vi.fn();
    startOddsWorker(() => worker as unknown as Worker, null, { onMessage: () => {}, onError });
    worker.onerror?.();
    worker.onerror?.();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(worker.isTerminated).toBe(true);
  });
});

describe('a spare worker started ahead (issue 40: a calculator answers without starting one)', () => {
  it('hands the job to the spare of its kind, and starts the next spare when the page is idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const spare = new FakeWorker();
    const next = new FakeWorker();
    const create = vi.fn().mockReturnValueOnce(spare).mockReturnValueOnce(next);
    warmOddsWorker('capture', create);
    vi.runAllTimers();
    expect(create).toHaveBeenCalledTimes(1);
    const heard: unknown[] = [];
    startOddsWorker(
      create as unknown as () => Worker,
      { chain: 1 },
      { onMessage: (m) => heard.push(m), onError: () => {} },
      'capture'
    );
    // The job's answer took no worker start: the spare was sent the input.
    expect(create).toHaveBeenCalledTimes(1);
    expect(spare.sent).toEqual([{ chain: 1 }]);
    spare.say('chance');
    expect(heard).toEqual(['chance']);
    vi.runAllTimers();
    expect(create).toHaveBeenCalledTimes(2);
    expect(next.sent).toEqual([]);
    vi.useRealTimers();
  });
});
