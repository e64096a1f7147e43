/** `KZ-2026-` and 17 give `KZ-2026-000017`: six digits at least, so numbers sort as text too. */
export function certificateNumber(serialNumber: string, number: number): string {
  return `${serialNumber}${String(number).padStart(6, '0')}`;
}

/** DD.MM.YY (specification 001 §9), on the school's clock (Kazakhstan, UTC+5) rather than the server's. */
export function certificateDate(at: string, timeZone = 'Asia/Almaty'): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}
