import { registerSW } from 'virtual:pwa-register';
import { isRealUpdate } from './pwa-update';

const OFFLINE_NOTICE_KEY = 'quarterdeck.offlineNoticeShown';
const OFFLINE_NOTICE_MS = 8000;

/**
 * Service-worker lifecycle in prompt mode: a new version waits until the referee chooses to reload,
 * so an update never interrupts a battle.
 *
 * Each tab reloads only when its own user says so. Taking the update in one tab activates the new
 * worker for every tab of the site, and vite-plugin-pwa's default then reloads each of them,
 * losing whatever was being typed there; here a tab whose user did not ask keeps running, and its
 * banner says the new version is in use elsewhere and reloads when this user taps it.
 */
class PwaState {
  needsRefresh = $state(false);
  /** The new version took over from another tab; this one reloads when its user says so. */
  updatedElsewhere = $state(false);
  showOfflineReady = $state(false);
  #update: ((reload?: boolean) => Promise<void>) | null = null;
  #registration: ServiceWorkerRegistration | undefined;
  #userAsked = false;

  init(): void {
    if (!('serviceWorker' in navigator)) return;
    this.#update = registerSW({
      immediate: true,
      onNeedRefresh: () => {
        if (isRealUpdate(navigator.serviceWorker)) this.needsRefresh = true;
      },
      // Called in every tab once the new worker controls it (vite-plugin-pwa would reload them all).
      onNeedReload: () => {
        if (this.#userAsked) location.reload();
        else {
          this.updatedElsewhere = true;
          this.needsRefresh = true;
        }
      },
      onRegisteredSW: (_url, registration) => {
        this.#registration = registration;
      },
      onOfflineReady: () => {
        // Said once per device: after that the app is simply always available offline.
        try {
          if (localStorage.getItem(OFFLINE_NOTICE_KEY)) return;
          localStorage.setItem(OFFLINE_NOTICE_KEY, '1');
        } catch {
          // Without storage we may say it again next time; harmless.
        }
        this.showOfflineReady = true;
        // A notice, not a question: it goes away by itself.
        setTimeout(() => this.dismissOfflineReady(), OFFLINE_NOTICE_MS);
      }
    });
  }

  /** Activates the waiting service worker and reloads this tab (only this one) into the new version. */
  async reloadToUpdate(): Promise<void> {
    this.#userAsked = true;
    // Already taken in another tab (no worker waiting any more): a plain reload loads it.
    if (this.updatedElsewhere || !this.#registration?.waiting) {
      location.reload();
      return;
    }
    await this.#update?.(true);
  }

  dismissUpdate(): void {
    this.needsRefresh = false;
  }

  dismissOfflineReady(): void {
    this.showOfflineReady = false;
  }
}

export const pwa = new PwaState();
