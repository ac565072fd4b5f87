import { isRealUpdate } from './pwa-update';

/** The worker vite-plugin-pwa generates (vite.config.ts: `base: '/'`, `scope: '/'`). */
export const SW_URL = '/sw.js';

export interface WorkerEvents {
  /** A new version is installed and waits behind the worker that controls this page. */
  onNeedRefresh(): void;
  /** After a new version was offered here, it took control of this page (this tab or another). */
  onNeedReload(): void;
  /** The first worker is installed: every file is cached and the app works offline. */
  onOfflineReady(): void;
}

/**
 * Registers the service worker in prompt mode with the browser's own API (issue 40: workbox-window
 * and vite-plugin-pwa's register module were 2.9 KB gzip on every page, a deep-linked battle's
 * included, for these few events). The worker never takes over by itself: it waits until
 * `skipWaiting` below, which the referee's "Reload" calls, so an update never lands mid-battle.
 *
 * A worker that reaches `installed` while another controls the page is a new version
 * (pwa-update.ts); one that reaches it on a page no worker controls is the first install.
 */
export async function registerWorker(
  events: WorkerEvents,
  container: ServiceWorkerContainer = navigator.serviceWorker
): Promise<ServiceWorkerRegistration> {
  let isOffered = false;
  const offer = () => {
    if (isOffered) return;
    isOffered = true;
    container.addEventListener('controllerchange', () => events.onNeedReload());
    events.onNeedRefresh();
  };
  const watched = new WeakSet<ServiceWorker>();
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    const onState = () => {
      if (worker.state !== 'installed') return;
      worker.removeEventListener('statechange', onState);
      if (isRealUpdate(container)) offer();
      else events.onOfflineReady();
    };
    worker.addEventListener('statechange', onState);
    onState();
  };
  const registration = await container.register(SW_URL, { scope: '/' });
  // Installed in an earlier visit and still waiting (the old version kept by another tab).
  if (registration.waiting && isRealUpdate(container)) offer();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  return registration;
}

/** Lets the waiting worker take over (the generated worker listens for this message). */
export function skipWaiting(registration: ServiceWorkerRegistration | undefined): void {
  registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}
