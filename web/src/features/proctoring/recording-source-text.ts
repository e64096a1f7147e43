import type { TFunction } from 'i18next';

const RECORDING_SOURCES = ['main-camera', 'screen', 'second-camera'] as const;

/** What a recording is of (its session's type), in the reader's language; an unknown type as named. */
export function recordingSourceText(t: TFunction, type: string): string {
  const known = RECORDING_SOURCES.find((s) => s === type);
  return known ? t(`proctoring.recordingSources.${known}`) : type;
}
