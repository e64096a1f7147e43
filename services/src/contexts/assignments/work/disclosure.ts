/**
 * What a student may learn of their own grades, and when (specification 000 §3 names the flags only;
 * this is our reading, docs/assignments.md "What a student sees when"):
 * - `is_straight_answer`: each answer's verdict (right or wrong) and points at once, during the attempt;
 *   an answer is then final (work/participation-decider.ts), so no option can be probed.
 * - `is_show_results_after_finished`: the verdict of each question once the attempt is over.
 * - `is_show_scores`: the points (of each question, the attempt, the score) once the attempt is over.
 * With none of them (the default) a student learns that an answer was taken, nothing more.
 */
export interface DisclosureFlags {
  is_straight_answer?: boolean;
  is_show_results_after_finished?: boolean;
  is_show_scores?: boolean;
}

export interface Disclosure {
  /** The result code (2 wrong, 3 right) and the code runner's report. */
  verdicts: boolean;
  /** Points of the results and of the attempt. */
  points: boolean;
}

/** What the student may see of one attempt's grades, the attempt still running (`running`) or over. */
export function attemptDisclosure(flags: DisclosureFlags, running: boolean): Disclosure {
  const straight = flags.is_straight_answer === true;
  return {
    verdicts: straight || (!running && flags.is_show_results_after_finished === true),
    points: straight || (!running && flags.is_show_scores === true),
  };
}

/**
 * Whether the student may see their score (the best attempt's): never while an attempt runs (it moves
 * with every answer, which would tell right from wrong), afterwards when points are shown.
 */
export function scoreDisclosed(flags: DisclosureFlags, anyAttemptRunning: boolean): boolean {
  return !anyAttemptRunning && (flags.is_straight_answer === true || flags.is_show_scores === true);
}

/** Whether results are shown at all once an attempt is over: a result notification is worth sending. */
export function resultsShownAfterFinishing(flags: DisclosureFlags): boolean {
  return flags.is_show_scores === true || flags.is_show_results_after_finished === true;
}

/** The result code a student is shown: "answered" (1) for a graded answer whose verdict is hidden. */
export function shownResultCode(code: number, disclosure: Disclosure): number {
  if (disclosure.verdicts) return code;
  return code >= 1 ? 1 : code;
}
