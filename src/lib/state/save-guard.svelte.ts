/**
 * The one busy guard of a battle session (issue 39): while an action is being saved, another tap
 * on any control is ignored here, instead of disabling every control on screen (which redrew the
 * whole screen twice per action and made the buttons flicker). Only a slow save (storage taking
 * longer than SLOW_SAVE_MS) is shown, as "Saving…" in the undo bar; a quick one redraws nothing.
 */
export class SaveGuard {
  /** An action has been saving for longer than SLOW_SAVE_MS: the undo bar says so. */
  isSlow = $state(false);
  // Plain, not $state: no screen reads it, so taking and releasing it redraws nothing.
  #isHeld = false;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;

  /** Takes the guard; false when an action is already being saved (the tap is then ignored). */
  begin(): boolean {
    if (this.#isHeld) return false;
    this.#isHeld = true;
    this.#slowTimer = setTimeout(() => {
      if (this.#isHeld) this.isSlow = true;
    }, SLOW_SAVE_MS);
    return true;
  }

  end(): void {
    this.#isHeld = false;
    clearTimeout(this.#slowTimer);
    if (this.isSlow) this.isSlow = false;
  }
}

/** After this long an action still being saved is shown as "Saving…" (storage is slow). */
const SLOW_SAVE_MS = 400;

/** A second action while the first is saved: ignored, and not shown (the first one's result is). */
export const SAVE_IN_PROGRESS = 'The last action is still being saved.';
