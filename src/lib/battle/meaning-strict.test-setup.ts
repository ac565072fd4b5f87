// Vitest set-up (vite.config.ts `test.setupFiles`): every move run by any unit test must state its
// whole meaning (engine/meaning.ts `meaningProblem`), or the test that ran it fails; and every
// input a move accepts must parse under its schema (battle/move.ts defineMove).
import * as inputKit from '../engine/input-kit';
import { MEANING_CHECK } from '../engine/meaning';

MEANING_CHECK.isStrict = true;
MEANING_CHECK.inputKit = inputKit;
