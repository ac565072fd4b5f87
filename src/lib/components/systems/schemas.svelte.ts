import type { RuleSystem, SystemSchemas } from '$lib/engine/system';

/**
 * A system's schemas as a component reads them: null until `loadSchemas` answers (issue 40: they
 * load where a sheet is edited, never with the battle). Call during a component's set-up.
 */
export function loadedSchemas(system: () => RuleSystem | null): {
  readonly current: SystemSchemas | null;
} {
  let current = $state.raw<SystemSchemas | null>(null);
  $effect(() => {
    const s = system();
    current = null;
    if (!s) return;
    let isLive = true;
    void s.loadSchemas().then((loaded) => {
      if (isLive) current = loaded;
    });
    return () => {
      isLive = false;
    };
  });
  return {
    get current() {
      return current;
    }
  };
}
