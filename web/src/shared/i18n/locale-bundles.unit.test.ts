import { describe, expect, it } from 'vitest';
import { en as chatEn } from '../../features/chat/i18n/en';
import { kz as chatKz } from '../../features/chat/i18n/kz';
import { ru as chatRu } from '../../features/chat/i18n/ru';
import { en as examEn } from '../../features/exam-client/i18n/en';
import { kz as examKz } from '../../features/exam-client/i18n/kz';
import { ru as examRu } from '../../features/exam-client/i18n/ru';
import { en as extAssignEn } from '../../features/external-assignment/i18n/en';
import { kz as extAssignKz } from '../../features/external-assignment/i18n/kz';
import { ru as extAssignRu } from '../../features/external-assignment/i18n/ru';
import { en as extSessionEn } from '../../features/external-session/i18n/en';
import { kz as extSessionKz } from '../../features/external-session/i18n/kz';
import { ru as extSessionRu } from '../../features/external-session/i18n/ru';
import { en as quickStartEn } from '../../features/quick-start/i18n/en';
import { kz as quickStartKz } from '../../features/quick-start/i18n/kz';
import { ru as quickStartRu } from '../../features/quick-start/i18n/ru';
import { en as webinarEn } from '../../features/webinars/i18n/en';
import { kz as webinarKz } from '../../features/webinars/i18n/kz';
import { ru as webinarRu } from '../../features/webinars/i18n/ru';
import { en as notificationsEn } from '../../features/notifications/i18n/en';
import { kz as notificationsKz } from '../../features/notifications/i18n/kz';
import { ru as notificationsRu } from '../../features/notifications/i18n/ru';
import { en as newsEn } from '../../features/news/i18n/en';
import { kz as newsKz } from '../../features/news/i18n/kz';
import { ru as newsRu } from '../../features/news/i18n/ru';
import { en as richTextEn } from '../rich-text/i18n/en';
import { kz as richTextKz } from '../rich-text/i18n/kz';
import { ru as richTextRu } from '../rich-text/i18n/ru';
import { en as tasksEn } from '../../features/tasks/i18n/en';
import { kz as tasksKz } from '../../features/tasks/i18n/kz';
import { ru as tasksRu } from '../../features/tasks/i18n/ru';
import { en as studentRecordingEn } from '../../features/student-work/recording/en';
import { kz as studentRecordingKz } from '../../features/student-work/recording/kz';
import { ru as studentRecordingRu } from '../../features/student-work/recording/ru';
import { latinWords } from './latin-words';
import { en } from './locales/en';
import { kz } from './locales/kz';
import { ru } from './locales/ru';

type Tree = { [key: string]: string | Tree };

/** Every text of a bundle by its dotted key. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [k, v] of leaves(value, path)) found.set(k, v);
  }
  return found;
}

/** Texts whose braces are a literal example of a syntax (its name translated), not placeholders. */
const LITERAL_BRACES = new Set(['authoring.editor.gapTextHint']);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const BUNDLES = [
  { name: 'app', ru, en, kz },
  { name: 'exam client', ru: examRu, en: examEn, kz: examKz },
  { name: 'webinars', ru: webinarRu, en: webinarEn, kz: webinarKz },
  { name: 'external assignment', ru: extAssignRu, en: extAssignEn, kz: extAssignKz },
  { name: 'external session', ru: extSessionRu, en: extSessionEn, kz: extSessionKz },
  { name: 'quick start', ru: quickStartRu, en: quickStartEn, kz: quickStartKz },
  { name: 'chat', ru: chatRu, en: chatEn, kz: chatKz },
  { name: 'notifications', ru: notificationsRu, en: notificationsEn, kz: notificationsKz },
  { name: 'rich text', ru: richTextRu, en: richTextEn, kz: richTextKz },
  { name: 'news', ru: newsRu, en: newsEn, kz: newsKz },
  { name: 'tasks', ru: tasksRu, en: tasksEn, kz: tasksKz },
  { name: 'student recording', ru: studentRecordingRu, en: studentRecordingEn, kz: studentRecordingKz },
];

describe.each(BUNDLES)('the $name texts', (bundle) => {
  const russian = leaves(bundle.ru);

  it.each(['en', 'kz'] as const)('exist in %s for every Russian key, with the same placeholders', (lang) => {
    const other = leaves(bundle[lang]);
    expect([...russian.keys()].filter((key) => !other.has(key))).toEqual([]);
    expect([...other.keys()].filter((key) => !russian.has(key))).toEqual([]);
    const mismatched = [...russian].filter(
      ([key, text]) =>
        !LITERAL_BRACES.has(key) && placeholders(text).join() !== placeholders(other.get(key) ?? '').join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it.each(['ru', 'kz'] as const)('in %s are not left in English', (lang) => {
    const english = [...leaves(bundle[lang])].flatMap(([key, text]) => {
      const words = latinWords(text);
      return words.length > 0 ? [`${key}: ${words.join(' ')}`] : [];
    });
    expect(english).toEqual([]);
  });

  it.each(['ru', 'en', 'kz'] as const)('in %s are never empty', (lang) => {
    const empty = [...leaves(bundle[lang])].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
