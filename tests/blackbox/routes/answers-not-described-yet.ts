/**
 * Operations whose 2xx answer is still documented as free-form JSON (the platform's default,
 * services/src/platform/http/undescribed-answers.ts), from before the routes described their answers.
 * This list only shrinks: describe a route's answer (`response` in its schema, envelopes from
 * events/src/contracts/answers.ts) and take it off. New routes never go here.
 */
export const answersNotDescribedYet: readonly string[] = [];
