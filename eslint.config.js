import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** The pure layers: the engine, the systems above it, the battle log, reports and campaigns. */
const PURE_LAYERS = [
  'src/lib/engine/**',
  'src/lib/rules/**',
  'src/lib/battle/**',
  'src/lib/report/**',
  'src/lib/campaign/**'
];

/** What the pure layers may not import: they run the same in tests, workers and the app. */
const PURE_IMPORT_BAN = {
  patterns: [
    { group: ['svelte', 'svelte/*'], message: 'Rules and battle code is pure: no Svelte.' },
    { group: ['dexie', 'dexie/*'], message: 'Only src/lib/db imports Dexie.' },
    { group: ['$app/*'], message: 'Rules and battle code is pure: no SvelteKit runtime.' },
    {
      // Relative paths too (issue 35): the pure layers import each other by relative path, which
      // the $lib patterns alone never matched, so `../../db/core` passed the lint.
      group: [
        '$lib/db',
        '$lib/db/*',
        '$lib/state/*',
        '$lib/components/*',
        '**/lib/db',
        '**/lib/db/*',
        '../db',
        '../db/*',
        '../../db',
        '../../db/*',
        '**/state/*',
        '**/components/*'
      ],
      message: 'Pure layers may not depend on storage or UI.'
    }
  ]
};

/** The engine and the battle log sit below the systems (issue 35): a system is a plug-in on top. */
const BELOW_SYSTEMS_BAN = {
  patterns: [
    ...PURE_IMPORT_BAN.patterns,
    {
      group: ['$lib/rules', '$lib/rules/*', '**/rules', '**/rules/*'],
      message:
        'The engine and battle/ import no rule system (nor the registry): systems import them.'
    },
    {
      group: ['$lib/live', '$lib/live/*', '**/live', '**/live/*'],
      message: 'The engine and battle/ know the live table only through engine/secrets.ts.'
    }
  ]
};

/** Randomness and time are parameters in the pure layers (tests pass scripted dice and clocks). */
const PURE_SYNTAX_BAN = [
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
    message: 'Use an injected Roller (core/dice.ts), never Math.random.'
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Take the time as a parameter, never Date.now.'
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Take the time as a parameter, never new Date().'
  },
  {
    selector: "CallExpression[callee.property.name='randomUUID']",
    message: 'Take ids as a parameter.'
  }
];

/** `crypto.randomUUID` exists only in secure contexts: a phone opening the app over the table's
 *  plain-http Wi-Fi has none. Ids come from `newId()` (src/lib/state/ids.ts) or a move's `ctx.newId`. */
const RANDOM_UUID_BAN = {
  selector: "MemberExpression[property.name='randomUUID']",
  message: 'Use newId() from $lib/state/ids (or ctx.newId in a move): randomUUID needs https.'
};

/** The UI reaches storage only through src/lib/state (DESIGN: components hold no storage). */
/**
 * A system's moves barrel (rules/<system>/moves.ts) imports every move of the system: an app file
 * importing it puts them all on its screen (issue 40: a battle's first screen loaded every move of
 * its system). Import each move from its own module (moves-gunnery, moves-wind…), or the whole list
 * through the system's loadMoves / rules/with-moves.ts.
 */
const MOVES_BARREL_BAN = {
  group: [
    '$lib/rules/*/moves',
    '$lib/rules/*/moves.ts',
    '$lib/rules/*/moves.js',
    '**/rules/*/moves',
    '**/rules/*/moves.ts',
    '**/rules/*/moves.js'
  ],
  message:
    "The app imports no system's moves barrel (it loads every move): import the move from its own module, or load the list with withMoves."
};

const UI_IMPORT_BAN = {
  patterns: [
    MOVES_BARREL_BAN,
    { group: ['dexie', 'dexie/*'], message: 'Only src/lib/db imports Dexie.' },
    {
      // Relative paths too: `../../db/core` from a component passed the `$lib` patterns alone.
      group: ['$lib/db', '$lib/db/*', '**/lib/db', '**/lib/db/*', '**/db', '**/db/*'],
      message: 'Components and routes go through src/lib/state, never $lib/db.'
    }
  ]
};

/** Components and routes keep nothing in the browser's storage themselves: lib/state does. */
const UI_STORAGE_BAN = [
  {
    name: 'localStorage',
    message: 'Components hold no storage: use $lib/state/local-settings (readLocal, writeLocal).'
  },
  {
    name: 'sessionStorage',
    message: 'Components hold no storage: use $lib/state/drafts (loadDraft, saveDraft).'
  }
];

export default ts.config(
  {
    ignores: [
      'build/',
      '.svelte-kit/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'reports/',
      'static/'
    ]
  },
  js.configs.recommended,
  ...ts.configs.recommendedTypeChecked,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte']
      }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // verbatimModuleSyntax keeps `import { type X } from 'm'` as `import 'm'`: the module's code
      // loads (ww-ui.ts pulled resolve-gunnery into every WW page that way). `import type` drops it.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ],
      'svelte/no-at-html-tags': 'error',
      // The app is always served from the root path, so plain hrefs are already resolved.
      'svelte/no-navigation-without-resolve': 'off',
      'no-restricted-syntax': 'off'
    }
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
    languageOptions: {
      parserOptions: { parser: ts.parser, svelteConfig }
    }
  },
  {
    files: ['src/**'],
    rules: { 'no-restricted-syntax': ['error', RANDOM_UUID_BAN] }
  },
  {
    files: PURE_LAYERS,
    rules: {
      'no-restricted-imports': ['error', PURE_IMPORT_BAN],
      'no-restricted-syntax': ['error', ...PURE_SYNTAX_BAN]
    }
  },
  {
    files: ['src/**'],
    ignores: ['src/lib/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...PURE_IMPORT_BAN.patterns.filter((p) => p.group.includes('dexie'))]
        }
      ]
    }
  },
  {
    files: ['src/lib/components/**', 'src/routes/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', UI_IMPORT_BAN],
      // Drafts and local settings too (issue 35): state/drafts.ts and state/local-settings.ts.
      'no-restricted-globals': ['error', ...UI_STORAGE_BAN],
      'no-restricted-properties': [
        'error',
        ...UI_STORAGE_BAN.flatMap(({ name, message }) =>
          ['window', 'globalThis', 'self'].map((object) => ({ object, property: name, message }))
        )
      ]
    }
  },
  {
    // The state layer loads the battle's moves through withMoves, never a barrel (issue 40).
    files: ['src/lib/state/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PURE_IMPORT_BAN.patterns.filter((p) => p.group.includes('dexie')),
            MOVES_BARREL_BAN
          ]
        }
      ]
    }
  },
  {
    // The pure-layer ban must win over the general Dexie ban for rules and battle files.
    files: PURE_LAYERS,
    rules: { 'no-restricted-imports': ['error', PURE_IMPORT_BAN] }
  },
  {
    files: ['src/lib/engine/**', 'src/lib/battle/**'],
    rules: { 'no-restricted-imports': ['error', BELOW_SYSTEMS_BAN] }
  },
  {
    // The engine holds the event schema and the move contract itself: it imports nothing of
    // battle/, not even a type, or the two folders become one again.
    files: ['src/lib/engine/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['$lib/battle', '$lib/battle/*', '**/battle', '**/battle/*'],
              message: 'The engine imports nothing of battle/ (battle/ is built on the engine).'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['**/*.js', '**/*.mjs', 'scripts/**'],
    ...ts.configs.disableTypeChecked
  },
  {
    files: ['**/*.test.ts', '**/*.bench.ts', 'tests/**'],
    rules: {
      // Tests may await in loops and use non-null assertions on values they have just checked.
      '@typescript-eslint/no-non-null-assertion': 'off'
    }
  }
);
