// The Privateers rule readings as the new-battle form shows them (rules/option-lists.ts reads each
// system's option-list.ts). Privateers' readOptions checks a stored value against these choices, so
// the list itself stays in options.ts.
export { OPTIONS } from './options';
