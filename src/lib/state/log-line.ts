/** One line of the battle's log as the screens show it (the session builds them, one per event). */
export interface LogLine {
  seq: number;
  id: string;
  kind: string;
  at: number;
  text: string;
  isVoided: boolean;
  /** Live table: written on another device and arrived after events that sort after it. */
  isLate?: boolean;
  /** Live table: what the merge did with it (skipped, refused, a conflict), for the log. */
  flag?: string;
}
