/** Theme choice: follow the system, or force light or dark. Remembered on this device. */
export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'quarterdeck.theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (CHOICES as readonly string[]).includes(value);
}

function readStored(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isThemeChoice(value) ? value : 'system';
  } catch {
    // Storage blocked (private mode): the system theme still works.
    return 'system';
  }
}

function applyToDocument(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

class ThemeState {
  choice = $state<ThemeChoice>('system');

  /** Reads the remembered choice and applies it before the first paint of the app. */
  init(): void {
    this.choice = readStored();
    applyToDocument(this.choice);
  }

  set(choice: ThemeChoice): void {
    this.choice = choice;
    applyToDocument(choice);
    try {
      localStorage.setItem(STORAGE_KEY, choice);
    } catch {
      // Not remembered, but applied for this visit.
    }
  }

  /** The header button cycles system → light → dark. */
  cycle(): void {
    const next = CHOICES[(CHOICES.indexOf(this.choice) + 1) % CHOICES.length] ?? 'system';
    this.set(next);
  }
}

export const theme = new ThemeState();
