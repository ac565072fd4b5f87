import { ESLint } from 'eslint';
import ts from 'typescript-eslint';

// The lint tests (layers-lint, moves-barrel-lint) hold the real eslint.config.js to its bans by
// linting probe files a careless change could write. The real config runs without type
// information: the probes are not files of the TypeScript project, and the bans need none.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: ts.configs.disableTypeChecked });

/** The messages of the rules whose id matches `rule` for `code` linted as the file `filePath`. */
export async function lintErrors(filePath: string, code: string, rule: RegExp): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => rule.test(m.ruleId ?? '')).map((m) => m.message);
}

/** The import bans' messages (no-restricted-imports) for a probe file. */
export function importErrors(filePath: string, code: string): Promise<string[]> {
  return lintErrors(filePath, code, /no-restricted-imports$/);
}

/** A TypeScript module importing `specifier`. */
export const tsProbe = (specifier: string) =>
  `import { x } from '${specifier}';\nexport const y = x;\n`;

/** A Svelte component whose script is `body`. */
export const svelteCode = (body: string) =>
  `<script lang="ts">\n  ${body}\n</script>\n\n<p>probe</p>\n`;

/** A Svelte component importing `specifier`. */
export const svelteProbe = (specifier: string) =>
  `<script lang="ts">\n  import { x } from '${specifier}';\n</script>\n\n<p>{x}</p>\n`;

/** A probe importing `specifier` as the file `file` (a component or a module) would. */
export const probeFor = (file: string, specifier: string) =>
  file.endsWith('.svelte') ? svelteProbe(specifier) : tsProbe(specifier);
