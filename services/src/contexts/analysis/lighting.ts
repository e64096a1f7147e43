import type { RgbImage } from '@sabaq/models';

/**
 * Low light for the face models. The face detector finds no face on a dark or flat frame that a person
 * still reads easily (the Yale pictures lit from one side, a grey webcam in a dim room: no face at all,
 * or 0.56 where the same face scores 0.95 in good light), so such a frame is stretched to the full
 * range before the face models see it; a normally lit frame is passed through unchanged, so the
 * thresholds tuned on those stay as they were. The objects and the thumbnails keep the frame as it was.
 */
const LOW = 0.01;
const HIGH = 0.99;
/** A frame whose middle 98 % of grey levels spans less than this, or whose mean is below DARK_MEAN, is stretched. */
const FLAT_SPAN = 150;
const DARK_MEAN = 70;
/** At most this gain: more lifts the sensor's noise rather than the face. */
const MAX_GAIN = 4;

export function evenLighting(image: RgbImage): RgbImage {
  const { data } = image;
  const pixels = data.length / 3;
  const histogram = new Uint32Array(256);
  let sum = 0;
  for (let p = 0; p < data.length; p += 3) {
    const grey = (0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!) | 0;
    histogram[grey]! += 1;
    sum += grey;
  }
  const level = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= share * pixels) return v;
    }
    return 255;
  };
  const low = level(LOW);
  const high = level(HIGH);
  if (high - low >= FLAT_SPAN && sum / pixels >= DARK_MEAN) return image;
  const gain = Math.min(MAX_GAIN, 255 / Math.max(1, high - low));
  if (gain <= 1.05) return image;
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) table[v] = Math.max(0, Math.min(255, Math.round((v - low) * gain)));
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = table[data[i]!]!;
  return { width: image.width, height: image.height, data: out };
}
