import { randomInt } from 'node:crypto';

/** Russian and Kazakh letters in Latin, so a generated username can be typed on any keyboard. */
const LATIN: Record<string, string> = {
  а: 'a',
  ә: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ғ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  й: 'y',
  к: 'k',
  қ: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  ң: 'n',
  о: 'o',
  ө: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ұ: 'u',
  ү: 'u',
  ф: 'f',
  х: 'h',
  һ: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

export function transliterate(text: string): string {
  return [...text.toLowerCase()]
    .map((c) => LATIN[c] ?? c)
    .join('')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * What a new user signs in with: the e-mail when given, else the phone's digits, else a name the
 * person can read and type, e.g. 'kasymova.a.4821' (the digits keep it unique; a clash draws again).
 */
export function usernameFor(person: {
  email: string | null;
  phone: string | null;
  firstname: string;
  lastname: string;
}): { username: string; generated: boolean } {
  if (person.email) return { username: person.email, generated: false };
  if (person.phone) return { username: person.phone, generated: false };
  return { username: generatedUsername(person.firstname, person.lastname), generated: true };
}

export function generatedUsername(firstname: string, lastname: string): string {
  const last = transliterate(lastname).slice(0, 24) || 'user';
  const initial = transliterate(firstname).slice(0, 1);
  const digits = String(randomInt(1000, 10000));
  return [last, initial, digits].filter(Boolean).join('.');
}
