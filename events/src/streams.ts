/**
 * Stream ids are `<category>-<id>`, e.g. `attempt-6f1c…`. The category says which aggregate the stream
 * belongs to; each category belongs to one bounded context, and the context names the Kafka topic
 * the stream's events are published to, so the key (stream id) alone decides the topic.
 */
export function streamId(category: string, id: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(category)) throw new Error(`invalid stream category '${category}'`);
  if (id.length === 0) throw new Error('stream id part must not be empty');
  return `${category}-${id}`;
}

export function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash < 0 ? stream : stream.slice(0, dash);
}

export function idOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash < 0 ? '' : stream.slice(dash + 1);
}
