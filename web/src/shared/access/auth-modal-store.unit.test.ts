import { describe, expect, it } from 'vitest';
import { viewFromQuery } from './auth-modal-store';

describe('the view a link opens', () => {
  it('opens the OAuth view with the one-time code, or with the refusal, when back from an application', () => {
    expect(viewFromQuery('?action=oauth&oauth_code=abc&redirect_url=%2Ft')).toEqual({
      view: 'oauth',
      params: { code: 'abc', message: undefined },
    });
    expect(viewFromQuery('?action=oauth&oauth_error=%D0%92%D1%85%D0%BE%D0%B4')).toEqual({
      view: 'oauth',
      params: { code: undefined, message: 'Вход' },
    });
    expect(viewFromQuery('?action=oauth')).toBeNull();
  });

  it('still opens recovery and confirmation links', () => {
    expect(viewFromQuery('?action=remind&code=1234&username=u')?.view).toBe('remind');
    expect(viewFromQuery('?action=confirmation&code=1&email=a@b.kz')?.view).toBe('confirmation');
  });
});
