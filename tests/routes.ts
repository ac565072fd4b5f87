/** Every top-level route a referee can open from the navigation, with its main heading. */
export const TOP_LEVEL_ROUTES = [
  { path: '/', heading: 'Battles' },
  { path: '/library', heading: 'Ship library' },
  { path: '/calculators', heading: 'Calculators' },
  { path: '/settings', heading: 'Settings' }
] as const;

/** Every other prerendered page (the battle and library pages are reached through the UI). */
export const OTHER_STATIC_ROUTES = [
  { path: '/battles/new', heading: 'New battle' },
  { path: '/campaigns', heading: 'Campaigns' },
  { path: '/calculators/privateers', heading: 'Privateers' },
  { path: '/calculators/wooden-warships', heading: 'Wooden Warships' },
  { path: '/calculators/master-and-commander', heading: 'Master and Commander' }
] as const;
