/** A student's answer as readable text, from the question's data (no answer key needed). */
export function answerText(
  type: string,
  data: Record<string, unknown>,
  answer: Record<string, unknown> | null,
): string {
  if (!answer) return '';
  const textOf = (list: unknown, id: unknown) =>
    (Array.isArray(list) ? (list as { id: string; text: string }[]) : []).find((o) => o.id === id)?.text ??
    String(id);
  switch (type) {
    case 'choice':
      return (Array.isArray(answer.selected) ? answer.selected : [])
        .map((id) => textOf(data.options, id))
        .join(', ');
    case 'fill-space':
      return Object.values((answer.gaps as Record<string, string> | undefined) ?? {}).join(' · ');
    case 'drag-and-drop':
      return Object.entries((answer.placements as Record<string, string> | undefined) ?? {})
        .map(([item, target]) => `${textOf(data.items, item)} → ${textOf(data.targets, target)}`)
        .join('; ');
    case 'code':
      return `${String(answer.language ?? '')}\n${String(answer.source ?? '')}`;
    default:
      return typeof answer.text === 'string' ? answer.text : '';
  }
}
