import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ru } from '../i18n/locales/ru';
import { ApiError } from './api-error';
import { showErrorToast } from './error-toast';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
// Russian texts, as a first-time visitor sees them.
vi.mock('../i18n', () => ({
  i18n: { t: (key: string) => key.split('.').reduce<unknown>((node, part) => (node as never)[part], ru) },
}));

beforeEach(() => show.mockClear());

describe('showErrorToast', () => {
  it("titles an unanswered request 'Произошла ошибка.' and shows it once however many fail", () => {
    showErrorToast(new ApiError('network', 'No answer from /api/x'));
    showErrorToast(new ApiError('timeout', 'No answer from /api/y within 15000 ms'));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'api-unanswered',
        title: 'Произошла ошибка.',
        message: ru.errors.noResponse,
      }),
    );
    expect(new Set(show.mock.calls.map(([toast]) => toast.id))).toEqual(new Set(['api-unanswered']));
  });

  it("shows the platform's own message for an error answer", () => {
    showErrorToast(new ApiError('http', 'Превышен лимит запросов', 429));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Произошла ошибка.', message: 'Превышен лимит запросов' }),
    );
  });
});

describe('toast text of an answer with field errors', () => {
  it('joins the field error texts instead of the general message', () => {
    const error = new ApiError('http', 'The given data was invalid.', 422, 422, {
      firstname: ['Укажите имя'],
      lastname: ['Укажите фамилию', 'Укажите имя'],
    });
    showErrorToast(error);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Укажите имя Укажите фамилию' }));
  });
});
