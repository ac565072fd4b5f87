/**
 * "Keep screen awake" using the Screen Wake Lock API. The browser releases the lock whenever the page
 * is hidden, so while the user wants it on we take it again each time the page becomes visible.
 */
const STORAGE_KEY = 'quarterdeck.keepAwake';

class WakeLockState {
  /** False where the browser has no Screen Wake Lock API: the toggle is then hidden. */
  isSupported = $state(false);
  /** What the user asked for (remembered). */
  isWanted = $state(false);
  /** Whether a lock is held right now. */
  isHeld = $state(false);
  error = $state<string | null>(null);

  #sentinel: WakeLockSentinel | null = null;

  init(): void {
    this.isSupported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
    if (!this.isSupported) return;
    try {
      this.isWanted = localStorage.getItem(STORAGE_KEY) === 'on';
    } catch {
      this.isWanted = false;
    }
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && this.isWanted) void this.#acquire();
    });
    if (this.isWanted) void this.#acquire();
  }

  async setWanted(wanted: boolean): Promise<void> {
    this.isWanted = wanted;
    try {
      localStorage.setItem(STORAGE_KEY, wanted ? 'on' : 'off');
    } catch {
      // Applied for this visit only.
    }
    if (wanted) await this.#acquire();
    else await this.#release();
  }

  async #acquire(): Promise<void> {
    if (this.#sentinel && !this.#sentinel.released) return;
    try {
      const sentinel = await navigator.wakeLock.request('screen');
      this.#sentinel = sentinel;
      this.isHeld = true;
      this.error = null;
      sentinel.addEventListener('release', () => {
        this.isHeld = false;
      });
    } catch (e) {
      // Refused (battery saver, page hidden): keep the wish, retry on the next visibility change.
      this.isHeld = false;
      this.error = e instanceof Error ? e.message : 'The screen could not be kept awake.';
    }
  }

  async #release(): Promise<void> {
    const sentinel = this.#sentinel;
    this.#sentinel = null;
    this.isHeld = false;
    if (sentinel && !sentinel.released) await sentinel.release();
  }
}

export const wakeLock = new WakeLockState();
