import { getContext, onDestroy, setContext, tick, untrack } from 'svelte';

const KEY = Symbol('opening');
/** However slow a part is, the page shows after this long (a part may then still move it). */
const AT_MOST_MS = 3000;

/**
 * A page that opens in one piece: parts that load on their own (`lazy()` panels) hold it while
 * it opens, and it shows once they are all here, each in its place. Drawn as they came, each
 * arriving part pushed what was already on the screen down (a layout shift: a tap aimed at a ship
 * landed on the panel instead). After the page has opened, parts load as before, in place.
 */
export class Opening {
  #pending = $state(0);
  #isReady = $state(false);
  #isLate = $state(false);
  /** Everything is here and has had a frame to take its real size (see #settle). */
  #isSettled = $state(false);
  /** Once open, open for good: a part loaded later (a new step's panel) does not hide the page. */
  #hasOpened = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** True once the page is ready and nothing it holds for is still loading. */
  readonly isOpen = $derived.by(() => {
    if (this.#isLate || this.#isSettled) this.#hasOpened = true;
    return this.#hasOpened;
  });

  /** The page's own data and parts are here; it opens when the held parts are too. */
  ready(): void {
    this.#isReady = true;
    this.#timer ??= setTimeout(() => (this.#isLate = true), AT_MOST_MS);
    this.#settle();
  }

  /** Holds the opening until `loading` settles (nothing once the page is open). */
  hold(loading: Promise<unknown>): void {
    if (this.#hasOpened) return;
    // Untracked: a part that holds from an effect must not re-run it when the count changes.
    untrack(() => this.#pending++);
    const release = () => {
      this.#pending--;
      this.#settle();
    };
    // Released once the part is drawn, not only loaded: its {#await} draws it in the update after
    // the load settles, and a page shown in between had the placeholder, then the part pushed the
    // fleet down (seen once Next left the top of a phone's page, issue 32).
    loading.then(() => tick()).then(release, release);
  }

  /**
   * Shows the page two frames after its last part is drawn: a card off the first layout's screen
   * (content-visibility: auto) is first laid out at a stand-in height, then at its own, and that
   * second layout happens while the page is still hidden instead of pushing the fleet down on a
   * phone, where it is on the first screen now that Next sits at the screen's foot (issue 32).
   */
  #settle(): void {
    if (!this.#isReady || this.#pending > 0) return;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame
        : (run: () => void) => setTimeout(run, 16);
    frame(() =>
      frame(() => {
        if (this.#pending === 0) this.#isSettled = true;
      })
    );
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}

/** A page's opening, for the parts inside it (call while the page initialises). */
export function provideOpening(): Opening {
  const opening = setContext(KEY, new Opening());
  onDestroy(() => opening.stop());
  return opening;
}

/** The opening of the page this component is on, if it has one. */
export function getOpening(): Opening | undefined {
  return getContext<Opening | undefined>(KEY);
}
