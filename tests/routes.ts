/** Every top-level route a referee can open from the navigation, with its main heading. */
export const TOP_LEVEL_ROUTES = [
  { path: '/', heading: 'Battles' },
  { path: '/library', heading: 'Ship library' },
  { path: '/calculators', heading: 'Calculators' },
  { path: '/settings', heading: 'Settings' }
] as const;
