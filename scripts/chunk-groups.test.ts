import { describe, expect, it } from 'vitest';
import { keyDynamicEntries, loadTogetherGroups, type ModuleGraphInfo } from './chunk-groups';

/** A module graph from each module's static and dynamic imports; importers are derived. */
function graph(imports: Record<string, { static?: string[]; dynamic?: string[] }>) {
  const info = new Map<
    string,
    ModuleGraphInfo & { importers: string[]; dynamicImporters: string[] }
  >();
  for (const id of Object.keys(imports))
    info.set(id, {
      isEntry: id === 'entry',
      importedIds: imports[id].static ?? [],
      dynamicallyImportedIds: imports[id].dynamic ?? [],
      importers: [],
      dynamicImporters: []
    });
  for (const [id, m] of info) {
    for (const to of m.importedIds) info.get(to)!.importers.push(id);
    for (const to of m.dynamicallyImportedIds) info.get(to)!.dynamicImporters.push(id);
  }
  return (id: string) => info.get(id) ?? null;
}

// The root (every page) lazily loads two pages; page A lazily loads a panel; a registry both pages
// import can load a calculator, which only page B ever does, and an engine, which page A imports.
const GRAPH = graph({
  entry: { static: ['runtime'], dynamic: ['pageA', 'pageB'] },
  runtime: {},
  pageA: { static: ['shared', 'onlyA', 'registry', 'engine', 'engineDep'], dynamic: ['panel'] },
  pageB: { static: ['shared', 'registry', 'panelAndB'] },
  panel: { static: ['shared', 'onlyA', 'panelAndB'] },
  registry: { dynamic: ['calc', 'engine'] },
  engine: { static: ['engineDep'] },
  engineDep: {},
  calc: { static: ['shared'] },
  shared: {},
  onlyA: {},
  panelAndB: {}
});
const isRoot = (id: string) => id === 'entry';

describe('loadTogetherGroups', () => {
  const groups = loadTogetherGroups('runtime', GRAPH, isRoot);

  it('groups what is loaded on exactly the same pages', () => {
    // The panel loads only after page A: what they both reach is page A's.
    expect(groups.get('onlyA')).toBe(groups.get('pageA'));
    expect(groups.get('runtime')).toBe(groups.get('entry'));
    // Page A imports the engine others load lazily: what both hold loads wherever the engine does.
    expect(groups.get('engineDep')).toBe(groups.get('engine'));
    expect(groups.get('engine')).not.toBe(groups.get('pageA'));
  });

  it('keeps apart what one page loads and another does not', () => {
    expect(groups.get('panelAndB')).not.toBe(groups.get('pageB'));
    expect(groups.get('panelAndB')).not.toBe(groups.get('panel'));
    expect(groups.get('shared')).not.toBe(groups.get('pageA'));
    // The calculator may load with page A as far as the graph shows: shared is not the registry's.
    expect(groups.get('shared')).not.toBe(groups.get('registry'));
  });

  it('takes what the graph cannot show: where a lazy module is really loaded', () => {
    const told = loadTogetherGroups('runtime', GRAPH, isRoot, [[/^calc$/, /^pageB$/]]);
    expect(told.get('shared')).toBe(told.get('registry'));
    expect(told.get('onlyA')).toBe(told.get('pageA'));
  });
});

describe('loadTogetherGroups: the root', () => {
  // The root imports a UI kit pages import too, and lazily loads the pages (its route dictionary).
  const ROOTED = graph({
    entry: { static: ['kit', 'layout'], dynamic: ['page'] },
    layout: { static: ['kit'] },
    page: { static: ['kit', 'own'] },
    kit: {},
    own: {}
  });
  const groups = loadTogetherGroups('entry', ROOTED, (id) => id === 'entry');

  it('keeps what pages import from the root apart from what only the root reaches', () => {
    // A page walked into the root's chunk, so into its import()s: SvelteKit then missed the page's
    // own preloads and styles (keyDynamicEntries).
    expect(groups.get('layout')).toBe(groups.get('entry'));
    expect(groups.get('kit')).not.toBe(groups.get('entry'));
    expect(groups.get('own')).toBe(groups.get('page'));
  });
});

describe('loadTogetherGroups: small groups', () => {
  // Three pages under the root, each importing its runtime and two of a tiny helper, a large one
  // and a helper importing what page A's calculator imports too.
  const PAGES = graph({
    entry: { static: ['runtime'], dynamic: ['pageA', 'pageB', 'pageC'] },
    runtime: {},
    pageA: { static: ['runtime', 'tiny', 'large'], dynamic: ['calc'] },
    pageB: { static: ['runtime', 'tiny', 'withImport'] },
    pageC: { static: ['runtime', 'large', 'withImport'] },
    calc: { static: ['x'] },
    withImport: { static: ['x'] },
    tiny: {},
    large: {},
    x: {}
  });
  const sizes: Record<string, number> = { large: 1000, x: 1000 };
  const small = { sizeOf: (id: string) => sizes[id] ?? 10, below: 2000, perFile: 100 };
  const plain = loadTogetherGroups('runtime', PAGES, (id) => id === 'entry');
  const folded = loadTogetherGroups('runtime', PAGES, (id) => id === 'entry', [], small);

  it('moves a small group into one loaded wherever it is, its file saved on every page', () => {
    expect(plain.get('tiny')).not.toBe(plain.get('runtime'));
    // Loaded with pages A and B, now with C too: 10 characters on one page against a file on two.
    expect(folded.get('tiny')).toBe(folded.get('runtime'));
    // Into the group loaded in the fewest places that holds it and its imports.
    expect(plain.get('withImport')).not.toBe(plain.get('x'));
    expect(folded.get('withImport')).toBe(folded.get('x'));
  });

  it('leaves a group whose size outweighs the files saved, and entries', () => {
    expect(folded.get('large')).toBe(plain.get('large'));
    expect(folded.get('large')).not.toBe(folded.get('runtime'));
    for (const entry of ['pageA', 'pageB', 'pageC', 'calc'])
      expect(folded.get(entry)).toBe(plain.get(entry));
  });
});

describe('keyDynamicEntries', () => {
  it('names each import() by its module, with the CSS of all it loads and nothing to walk', () => {
    const manifest = {
      'page.js': {
        file: 'page.js',
        isEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['_g1.js']
      },
      '_g1.js': {
        file: 'g1.js',
        imports: ['_shared.js', 'panel.svelte'],
        dynamicImports: ['panel.svelte'],
        css: ['g1.css']
      },
      'panel.svelte': { file: 'panel.js', imports: ['_shared.js'], css: ['panel.css'] },
      '_shared.js': { file: 'shared.js', css: ['shared.css'] }
    };
    const chunks = [
      { fileName: 'page.js', moduleIds: ['/p/page.js'] },
      { fileName: 'g1.js', moduleIds: ['/p/calc.svelte', '/p/calc-odds.ts'] },
      { fileName: 'panel.js', moduleIds: ['/p/panel.svelte'] },
      { fileName: 'shared.js', moduleIds: ['/p/shared.ts'] }
    ];
    const dynamic: Record<string, string[]> = {
      '/p/page.js': ['/p/calc.svelte'],
      '/p/calc.svelte': ['/p/panel.svelte']
    };
    const out = keyDynamicEntries(
      manifest,
      chunks,
      (id) => ({ dynamicallyImportedIds: dynamic[id] ?? [] }),
      (id) => id.replace('/p/', '')
    );
    expect(out['page.js'].dynamicImports).toEqual(['calc.svelte']);
    expect(out['calc.svelte']).toEqual({
      file: 'g1.js',
      src: 'calc.svelte',
      isDynamicEntry: true,
      css: ['g1.css', 'shared.css', 'panel.css']
    });
    // The panel's own chunk, imported statically too, keeps its imports under a file's name.
    expect(out['_panel.js']).toMatchObject({ file: 'panel.js', imports: ['_shared.js'] });
    expect(out['_g1.js'].imports).toEqual(['_shared.js', '_panel.js']);
    expect(out['_g1.js'].dynamicImports).toEqual(['panel.svelte']);
    expect(out['panel.svelte'].imports).toBeUndefined();
  });
});
