import { describe, expect, it } from 'vitest';
import { callBudget } from './call-budget';

describe("the agent's call budget", () => {
  it('refuses a token past its budget with a 429 and allows it again once the window has passed', () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    const spend = callBudget({ max: 3, windowMs: 60_000 }, () => new Date(now));
    for (let i = 0; i < 3; i++) spend('token-a');
    expect(() => spend('token-a')).toThrow(expect.objectContaining({ statusCode: 429 }));
    // Another token has its own budget.
    expect(() => spend('token-b')).not.toThrow();
    now += 60_001;
    expect(() => spend('token-a')).not.toThrow();
  });
});
