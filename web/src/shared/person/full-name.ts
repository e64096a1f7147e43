/** 000 §3: last name, first name and patronymic joined by spaces. */
export function fullNameOf(person: {
  lastname?: string | null;
  firstname?: string | null;
  patronymic?: string | null;
}): string {
  return [person.lastname, person.firstname, person.patronymic]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
