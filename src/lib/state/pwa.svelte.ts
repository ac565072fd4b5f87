import { registerSW } from 'virtual:pwa-register';

const OFFLINE_NOTICE_KEY = 'quarterdeck.offlineNoticeShown';
const OFFLINE_NOTICE_MS = 8000;

/**
 * Service-worker lifecycle in prompt mode: a new version waits until the referee chooses to reload,
 * so an update never interrupts a battle.
 */
class PwaState {
  needsRefresh = $state(false);
  showOfflineReady = $state(false);
  #update: ((reload?: boolean) => Promise<void>) | null = null;

  init(): void {
    if (!('serviceWorker' in navigator)) return;
    this.#update = registerSW({
      immediate: true,
      onNeedRefresh: () => {
        this.needsRefresh = true;
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

  /** Activates the waiting service worker and reloads into the new version. */
  async reloadToUpdate(): Promise<void> {
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
