/** The four top-level destinations, in tab-bar order. `match` decides which tab is current. */
export interface NavItem {
  href: string;
  label: string;
  icon: 'battles' | 'ships' | 'calculators' | 'settings';
  match: (pathname: string) => boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    href: '/',
    label: 'Battles',
    icon: 'battles',
    match: (p) => p === '/' || p.startsWith('/battles')
  },
  {
    href: '/library',
    label: 'Ship library',
    icon: 'ships',
    match: (p) => p.startsWith('/library')
  },
  {
    href: '/calculators',
    label: 'Calculators',
    icon: 'calculators',
    match: (p) => p.startsWith('/calculators')
  },
  {
    href: '/settings',
    label: 'Settings',
    icon: 'settings',
    match: (p) => p.startsWith('/settings')
  }
];
