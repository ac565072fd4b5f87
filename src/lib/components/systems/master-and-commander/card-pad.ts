import type { DiceNeed } from '$lib/battle/move';
import type { BattleState } from '$lib/engine/events';
import { cardsMove, type CardsAim } from '$lib/rules/master-and-commander/moves-cards';
import type { McOptions } from '$lib/rules/master-and-commander/options';

/** What the card pad shows of a change before it is tapped: the card move's preview (issue 31). */
export interface CardPadOutlook {
  /** Why the move would refuse it, in its words; null when it takes it. */
  refusal: string | null;
  /** The dice it asks for (a shuffle's); none for any other change. */
  dice: DiceNeed[];
}

/** `cardsMove.preview` on a battle, for the card pad (McCardsPanel). */
export function cardPadOutlook(state: BattleState, aim: CardsAim, opts: McOptions): CardPadOutlook {
  const o = cardsMove.preview.odds(state, aim, opts);
  if (!o.ok) return { refusal: o.error, dice: [] };
  const dice = cardsMove.preview.dice(state, aim, opts);
  return { refusal: o.value.refusal, dice: dice.ok ? dice.value : [] };
}
