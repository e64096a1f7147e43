export type LogLevelName = 'error' | 'warn' | 'info' | 'debug';

/**
 * Where the log and ingest adapters report what an operator should see (skipped events, retries,
 * Kafka client warnings). Roles pass one that forwards to the process logger (pino in Fastify).
 */
export type LogSink = (level: LogLevelName, message: string, details?: Record<string, unknown>) => void;

/** Used when no sink is given: warnings still surface, chatter does not. */
export const consoleSink: LogSink = (level, message, details) => {
  if (level === 'error') console.error(message, details ?? '');
  else if (level === 'warn') console.warn(message, details ?? '');
};
