// Vitest set-up (vite.config.ts `test.setupFiles`): every move run by any unit test must state its
// whole meaning (engine/meaning.ts `meaningProblem`), or the test that ran it fails.
import { MEANING_CHECK } from '../engine/meaning';

MEANING_CHECK.isStrict = true;
