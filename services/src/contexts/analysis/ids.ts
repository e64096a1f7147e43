import { uuidV5 } from '../../platform/ids';

/** Ids derived from what they name, so a restarted run appends the same event ids (no duplicates). */
export const derive = (...parts: (string | number)[]) => uuidV5(parts.map(String).join('\u001f'));
export const analysisStream = (sessionId: string) => `analysis-${sessionId}`;
export const reportId = (sessionId: string, run: number) => derive('ai-report', sessionId, run);
export const thumbKey = (sessionId: string, run: number, index: number) =>
  `recordings/${sessionId}/analysis/${run}/${index}.jpg`;
