import { describe, expect, it } from 'vitest';
import { featureText } from './feature-text';
import { i18n } from './i18n';

const ru = { title: 'Заголовок', nested: { greeting: 'Привет, {{name}}!', onlyRu: 'Только по-русски' } };
const en = { title: 'Title', nested: { greeting: 'Hello, {{name}}!', onlyRu: '' } };
const { text } = featureText<typeof ru>('feature-text-test', { ru, en, kz: ru });

describe("a feature's texts", () => {
  it('are registered into the app i18next instance as their own namespace, per language', () => {
    expect(i18n.getResource('en', 'feature-text-test', 'nested.greeting')).toBe('Hello, {{name}}!');
    expect(i18n.getResource('ru', 'feature-text-test', 'title')).toBe('Заголовок');
    // The app's own keys stay in the default namespace, untouched.
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(true);
  });

  it('are looked up by dotted key with `{{name}}` filled, unescaped (React escapes what it renders)', () => {
    expect(text('en', 'nested.greeting', { name: '<Ann & Bo>' })).toBe('Hello, <Ann & Bo>!');
    expect(text('ru', 'nested.greeting', { name: 'Аня' })).toBe('Привет, Аня!');
  });

  it('read an unfilled placeholder as nothing', () => {
    expect(text('en', 'nested.greeting')).toBe('Hello, !');
  });

  it('fall back to Russian for a language the app does not speak', () => {
    expect(text('de', 'title')).toBe('Заголовок');
  });
});
