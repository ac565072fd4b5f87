import type { HandleClientError } from '@sveltejs/kit';
import { NOT_LOADED, isModuleLoadFailure, reloadOnce } from '$lib/state/module-load';

/** A page whose code did not arrive is loaded again once, then says so (state/module-load.ts). */
export const handleError: HandleClientError = ({ error, message }) => {
  if (!isModuleLoadFailure(error)) return { message };
  let storage: Storage | null = null;
  try {
    storage = sessionStorage;
  } catch {
    // Blocked storage: no reload (it could not tell a second failure from the first).
  }
  reloadOnce(storage, location.href, Date.now(), () => location.reload());
  return { message: NOT_LOADED, isNotLoaded: true };
};
