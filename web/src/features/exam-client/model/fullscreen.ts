/**
 * Full screen needs a user gesture: asked for on the click that starts the attempt. A refusal is not
 * an error here: the checks post `fullscreen_lost` and the strip offers the button again.
 */
export function requestExamFullscreen(settings: { fullscreen_mode?: boolean } | undefined): void {
  if (settings?.fullscreen_mode === false) return;
  void document.documentElement.requestFullscreen?.().catch(() => undefined);
}
