/** Errors raised while checking events against their contracts; services map them to 4xx answers. */
export class UnknownEventTypeError extends Error {
  override readonly name = 'UnknownEventTypeError';
  constructor(readonly eventType: string) {
    super(`Unknown event type '${eventType}'`);
  }
}

export class InvalidEventPayloadError extends Error {
  override readonly name = 'InvalidEventPayloadError';
  constructor(
    readonly eventType: string,
    /** Field path → messages, in the specification's `errors` shape. */
    readonly errors: Record<string, string[]>,
  ) {
    super(`Invalid payload for event '${eventType}'`);
  }
}
