import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerWorker, skipWaiting, SW_URL } from './sw-register';

// Issue 40: the service worker registered with the browser's API instead of workbox-window; the
// prompt-mode rules it kept (issue 38 item 2: no false "New version ready" on first use).

class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  to(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** A new worker found (a changed sw.js): installing, then `updatefound`. */
  found(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  registration = new FakeRegistration();
  registered: unknown[] = [];
  constructor(public controller: FakeWorker | null) {
    super();
  }
  register(url: string, options: unknown): Promise<FakeRegistration> {
    this.registered.push([url, options]);
    return Promise.resolve(this.registration);
  }
}

const events = () => ({ onNeedRefresh: vi.fn(), onNeedReload: vi.fn(), onOfflineReady: vi.fn() });
const asContainer = (c: FakeContainer) => c as unknown as ServiceWorkerContainer;

describe('registerWorker', () => {
  it('registers the generated worker for the whole site', async () => {
    const container = new FakeContainer(null);
    await registerWorker(events(), asContainer(container));
    expect(container.registered).toEqual([[SW_URL, { scope: '/' }]]);
  });

  it('says "ready offline" for the first worker, and offers no update', async () => {
    const container = new FakeContainer(null);
    const on = events();
    await registerWorker(on, asContainer(container));
    const first = new FakeWorker('installing');
    container.registration.found(first);
    first.to('installed');
    first.to('activated');
    expect(on.onOfflineReady).toHaveBeenCalledTimes(1);
    expect(on.onNeedRefresh).not.toHaveBeenCalled();
  });

  it('offers a new version that installs behind the worker in control, once', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const on = events();
    await registerWorker(on, asContainer(container));
    const next = new FakeWorker('installing');
    container.registration.found(next);
    // Found twice (this page's registration and another tab's update check): offered once.
    container.registration.found(next);
    next.to('installed');
    expect(on.onNeedRefresh).toHaveBeenCalledTimes(1);
    expect(on.onOfflineReady).not.toHaveBeenCalled();
    // It waits: nothing reloads until the new worker takes control.
    expect(on.onNeedReload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(on.onNeedReload).toHaveBeenCalledTimes(1);
  });

  it('offers a version already waiting when the page opens, only behind a worker in control', async () => {
    const controlled = new FakeContainer(new FakeWorker('activated'));
    controlled.registration.waiting = new FakeWorker('installed');
    const on = events();
    await registerWorker(on, asContainer(controlled));
    expect(on.onNeedRefresh).toHaveBeenCalledTimes(1);
    // Firefox hands a second page the very first worker, still installing, as "waiting".
    const firstUse = new FakeContainer(null);
    firstUse.registration.waiting = new FakeWorker('installed');
    const onFirst = events();
    await registerWorker(onFirst, asContainer(firstUse));
    expect(onFirst.onNeedRefresh).not.toHaveBeenCalled();
  });

  it('never reloads a page that was not offered the update', async () => {
    const container = new FakeContainer(null);
    const on = events();
    await registerWorker(on, asContainer(container));
    container.dispatchEvent(new Event('controllerchange'));
    expect(on.onNeedReload).not.toHaveBeenCalled();
  });
});

describe('skipWaiting', () => {
  it('asks the waiting worker to take over', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    skipWaiting(registration as unknown as ServiceWorkerRegistration);
    expect(registration.waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(() => skipWaiting(undefined)).not.toThrow();
  });
});

describe('the update banner', () => {
  let container: FakeContainer;
  const reload = vi.fn();
  beforeEach(() => {
    container = new FakeContainer(null);
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('location', { reload });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays hidden on first use, shows for a real update, and a tab not asked keeps running', async () => {
    const { pwa } = await import('./pwa.svelte');
    pwa.init();
    await Promise.resolve();
    await Promise.resolve();
    const first = new FakeWorker('installing');
    container.registration.found(first);
    first.to('installed');
    expect(pwa.needsRefresh).toBe(false);
    container.controller = first;
    const next = new FakeWorker('installing');
    container.registration.found(next);
    next.to('installed');
    expect(pwa.needsRefresh).toBe(true);
    // Taken in another tab: this one says so and waits for its own user.
    container.dispatchEvent(new Event('controllerchange'));
    expect(pwa.updatedElsewhere).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
