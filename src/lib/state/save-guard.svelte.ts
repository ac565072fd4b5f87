/**
 * The one busy guard of a battle session (issue 39). Controls are never disabled while an action
 * is saved (disabling every control redrew the whole screen twice per action and made the buttons
 * flicker); instead each action goes through `run`, one at a time:
 * - a second tap of the same action while it is saved (a double tap on Next, on a die's Use) is
 *   the same action: it gets the first tap's result and saves nothing more;
 * - any other action waits for the one being saved, then runs on the state that was written, so no
 *   tap is lost and none is judged on a state that is already gone.
 * Only a slow save (longer than SLOW_SAVE_MS) is shown, as "Saving…" in the undo bar; a quick one
 * redraws nothing.
 */
export class SaveGuard {
  /** An action has been saving for longer than SLOW_SAVE_MS: the undo bar says so. */
  isSlow = $state(false);
  // Plain, not $state: no screen reads it, so taking and releasing it redraws nothing.
  #current: { key: string | null; done: Promise<unknown> } | null = null;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Runs `task` once nothing else is being saved. `key` names the action (the move and its input):
   * while an action of the same key is being saved, its result is returned instead. Null: never
   * the same as another.
   */
  async run<T>(key: string | null, task: () => Promise<T>): Promise<T> {
    while (this.#current) {
      const current = this.#current;
      if (key !== null && current.key === key) return current.done as Promise<T>;
      await current.done.catch(() => undefined);
    }
    const done = this.#start(task);
    this.#current = { key, done };
    try {
      return await done;
    } finally {
      if (this.#current?.done === done) this.#current = null;
    }
  }

  async #start<T>(task: () => Promise<T>): Promise<T> {
    this.#slowTimer = setTimeout(() => {
      this.isSlow = true;
    }, SLOW_SAVE_MS);
    try {
      return await task();
    } finally {
      clearTimeout(this.#slowTimer);
      if (this.isSlow) this.isSlow = false;
    }
  }
}

/** After this long an action still being saved is shown as "Saving…" (storage is slow). */
const SLOW_SAVE_MS = 400;

/** The key of a move performed with `input`: equal for a double tap; null when not JSON. */
export function actionKey(moveId: string, input: unknown): string | null {
  try {
    return `${moveId} ${JSON.stringify(input)}`;
  } catch {
    return null;
  }
}
