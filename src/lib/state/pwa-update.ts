/**
 * Whether the worker `register()` reports as waiting is a new version to offer ("New version ready
 * — Reload / Later"). In prompt mode a real update always waits behind an older worker that
 * controls this page. A page no worker controls came from the network and already runs the newest
 * files; and Firefox hands a second page, or a reload, the very first worker (still installing on
 * first use) back as "waiting": taken for an update, it put a false banner over the turn bar.
 */
export function isRealUpdate(page: Pick<ServiceWorkerContainer, 'controller'>): boolean {
  return page.controller !== null && page.controller !== undefined;
}
