import { describe, expect, it } from 'vitest';
import { applyWorkerSwitches } from './worker-switches';

describe('worker switches per role', () => {
  it('runs both workers embedded, none in the distributed api, one in each worker role', () => {
    const of = (role: string, env: Record<string, string | undefined> = {}) => {
      applyWorkerSwitches(role, env);
      return env;
    };
    expect(of('embedded')).toEqual({});
    expect(of('api')).toEqual({ TRANSCODER: 'off', ANALYZER: 'off' });
    expect(of('transcoder')).toEqual({ ANALYZER: 'off' });
    expect(of('analyzer')).toEqual({ TRANSCODER: 'off' });
    // An operator's choice stands: an api that transcodes too.
    expect(of('api', { TRANSCODER: 'on' })).toEqual({ TRANSCODER: 'on', ANALYZER: 'off' });
  });
});
