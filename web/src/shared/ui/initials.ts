/** Avatar letters: first letters of first and last name, 'N' for a missing name, 'NN' for nobody (001 §9). */
export function initialsOf(person: { firstname?: string | null; lastname?: string | null } | null): string {
  if (!person) return 'NN';
  const letter = (name?: string | null) => name?.trim().charAt(0).toUpperCase() || 'N';
  return `${letter(person.firstname)}${letter(person.lastname)}`;
}
