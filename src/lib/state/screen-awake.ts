/**
 * The screen kept awake for as long as a page that is watched, not touched, is open (the table
 * display, issue 37), whatever the "Keep awake" toggle says. The browser drops a wake lock whenever
 * the page is hidden, so it is taken again each time the page shows. Where the Screen Wake Lock API
 * is missing (plain http, older browsers) nothing happens: `onChange(false)` says so. Returns the
 * release.
 */
export function keepScreenAwake(onChange: (isHeld: boolean) => void = () => {}): () => void {
  if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) {
    onChange(false);
    return () => {};
  }
  let sentinel: WakeLockSentinel | null = null;
  let isStopped = false;
  const acquire = async (): Promise<void> => {
    if (isStopped || document.visibilityState !== 'visible') return;
    if (sentinel && !sentinel.released) return;
    try {
      const taken = await navigator.wakeLock.request('screen');
      if (isStopped) {
        void taken.release();
        return;
      }
      sentinel = taken;
      onChange(true);
      taken.addEventListener('release', () => onChange(false));
    } catch {
      // Refused (battery saver, the page hidden meanwhile): tried again when it shows.
      onChange(false);
    }
  };
  const onVisibility = () => void acquire();
  document.addEventListener('visibilitychange', onVisibility);
  void acquire();
  return () => {
    isStopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    const held = sentinel;
    sentinel = null;
    if (held && !held.released) void held.release();
  };
}
