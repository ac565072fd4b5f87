import { error } from '@sveltejs/kit';
import { isSystemId, SYSTEMS } from '$lib/rules/registry';
import type { EntryGenerator, PageLoad } from './$types';

// A blank log per rule system needs no battle: prerendered, so it prints offline too.
export const prerender = true;

export const entries: EntryGenerator = () => SYSTEMS.map((s) => ({ system: s.id }));

export const load: PageLoad = ({ params }) => {
  if (!isSystemId(params.system)) error(404, 'No such rule system');
  return { systemId: params.system };
};
