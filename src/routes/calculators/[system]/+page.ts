import { error } from '@sveltejs/kit';
import { calculatorsLoader } from '$lib/components/systems/registry';
import { SYSTEM_CATALOG, catalogEntry, isCatalogId } from '$lib/engine/catalog';
import type { EntryGenerator, PageLoad } from './$types';

// One page for every rule system's calculators, prerendered for each catalog entry so each opens
// offline from the precache; the system's own `Calculators.svelte` is found by file name.
export const prerender = true;
// Prerendered with its heading, introduction and first calculator (the others, each a card with
// its heading until it comes near the screen, load in the browser then: CalculatorSlot), so a
// phone paints them from the HTML instead of after the page's JavaScript and its calculators'
// chunks have loaded and run (Lighthouse LCP 2.7–3.2 s, issue 18 goal 4).
export const ssr = true;

export const entries: EntryGenerator = () => SYSTEM_CATALOG.map((s) => ({ system: s.id }));

export const load: PageLoad = async ({ params }) => {
  const loader = isCatalogId(params.system) ? calculatorsLoader(params.system) : null;
  if (!isCatalogId(params.system) || !loader)
    error(404, 'There are no calculators for that rule system.');
  const entry = catalogEntry(params.system);
  return {
    name: entry.name,
    intro: entry.calculatorsIntro,
    Calculators: (await loader()).default
  };
};
