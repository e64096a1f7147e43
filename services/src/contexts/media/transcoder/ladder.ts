/** One HLS variant: its name in the specification's stream resolutions, its size and video bit rate. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

/** Specification 001 §9's stream resolutions, the 4:3 and 16:9 heights a browser records at. */
const LADDER: readonly Rendition[] = [
  { name: 'lowres', width: 320, height: 240, bandwidth: 400_000 },
  { name: 'stdres', width: 640, height: 480, bandwidth: 1_000_000 },
  { name: 'hires', width: 1280, height: 720, bandwidth: 2_500_000 },
  { name: 'fhdres', width: 1920, height: 1080, bandwidth: 5_000_000 },
];

/**
 * The renditions for a source: the two lowest always (a weak school network needs the small one, and a
 * player needs something to switch to), then each higher rung the source reaches, at most three in all.
 * Widths follow the source's aspect ratio (even numbers, as H.264 needs).
 */
export function renditionsFor(source: { width: number; height: number }): Rendition[] {
  const aspect = source.width / source.height;
  const chosen = LADDER.filter((rung, i) => i < 2 || rung.height <= source.height).slice(0, 3);
  return chosen.map((rung) => ({ ...rung, width: 2 * Math.round((rung.height * aspect) / 2) }));
}
