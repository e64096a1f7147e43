/**
 * What the exam client measures about itself, on `window.sabaqExam` for the browser test and for a
 * curious support engineer: the main thread's longest task (PerformanceObserver 'longtask'), the face
 * counts, head poses and identity similarities the worker gave, its slowest inference, the loudest
 * moment, the speech heard, detector errors and the checks that could not start.
 */
export const examProbe = {
  longestTaskMs: 0,
  longTasks: 0,
  /** Each long task since the exam got under way: when (ms since the page's start) and how long. */
  longTaskLog: [] as { at: number; ms: number }[],
  faceCounts: [] as number[],
  inferenceMs: 0,
  /** The longest a detector's message took on the page's own thread (its rules and what they posted). */
  detectorMainMs: 0,
  loudestDb: -Infinity,
  detectorErrors: [] as string[],
  /** Head poses read (degrees) and similarities to the identification photo, as the worker gave them. */
  poses: [] as { yaw: number; pitch: number }[],
  similarities: [] as number[],
  /** The speech worker's windows: the peak probability of each, in order. */
  speechPeaks: [] as number[],
  /** Checks that could not start (a model that did not load, a photo without a face): they stay quiet. */
  unavailable: [] as string[],
  /**
   * What the long frames were made of (Long Animation Frames, Chromium): when, how long, how much of it
   * was script and which scripts, so a long task can be told from a starved thread on a busy machine.
   */
  longFrames: [] as { at: number; ms: number; scriptMs: number; scripts: string[] }[],
};

interface LongFrameScript {
  duration: number;
  invoker?: string;
  sourceURL?: string;
  sourceCharPosition?: number;
  /** Of that duration: forced style and layout, and the time paused (e.g. garbage collection). */
  forcedStyleAndLayoutDuration?: number;
  pauseDuration?: number;
  sourceFunctionName?: string;
}

let observer: PerformanceObserver | undefined;

/** Runs a detector's handler on the page's thread, keeping the longest it took. */
export function timedOnPage(handle: () => void): void {
  const started = performance.now();
  try {
    handle();
  } finally {
    examProbe.detectorMainMs = Math.max(examProbe.detectorMainMs, performance.now() - started);
  }
}

/** Starts watching the main thread's long tasks (over 50 ms) once per page. */
export function watchLongTasks(): void {
  (window as unknown as { sabaqExam?: typeof examProbe }).sabaqExam = examProbe;
  if (observer || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) return;
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      examProbe.longTasks += 1;
      examProbe.longestTaskMs = Math.max(examProbe.longestTaskMs, entry.duration);
      examProbe.longTaskLog.push({ at: Math.round(entry.startTime), ms: Math.round(entry.duration) });
    }
  });
  observer.observe({ type: 'longtask' });
  if (!PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= 50) continue;
      const scripts = ((entry as PerformanceEntry & { scripts?: LongFrameScript[] }).scripts ?? []).filter(
        (script) => script.duration >= 5,
      );
      examProbe.longFrames.push({
        at: Math.round(entry.startTime),
        ms: Math.round(entry.duration),
        scriptMs: Math.round(scripts.reduce((sum, script) => sum + script.duration, 0)),
        scripts: scripts.map(
          (script) =>
            `${Math.round(script.duration)} ms ${script.invoker ?? ''} ${script.sourceFunctionName ?? ''} ${(script.sourceURL ?? '').split('/').pop() ?? ''}@${script.sourceCharPosition ?? '?'} layout ${Math.round(script.forcedStyleAndLayoutDuration ?? 0)} ms, paused ${Math.round(script.pauseDuration ?? 0)} ms`,
        ),
      });
    }
  }).observe({ type: 'long-animation-frame' });
}

/**
 * Starts the measure again once the exam is under way: loading the page, asking for the devices and
 * starting the recorders happen once, before the student works; the measure is of the exam itself.
 */
export function resetLongTasks(): void {
  examProbe.longestTaskMs = 0;
  examProbe.longTasks = 0;
  examProbe.longTaskLog = [];
  examProbe.longFrames = [];
}
