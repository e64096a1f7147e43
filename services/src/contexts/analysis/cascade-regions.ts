import type { Box } from '@sabaq/models/node';

/**
 * The cascade's reuse tests (region-reuse.ts). The pose reads the face box widened by a quarter: blocks
 * of 4 pixels (a face of 80 pixels is 30 × 30 blocks at that width), each within 8 grey levels, the box
 * within 5 % of its size. The eyes read the band of the face box between 15 % and 60 % of its height:
 * blocks of 2 pixels, as an eye is about 8 pixels wide at 320 × 240 and the looking-away picture's
 * irises moved 2 pixels (a change of about a hundred grey levels in the blocks they cross).
 */
export const POSE_REUSE = { moved: 0.05, levels: 8, cell: 4 };
export const EYES_REUSE = { moved: 0.05, levels: 8, cell: 2 };

export const poseRegion = (face: Box): Box => {
  const w = face.x2 - face.x1;
  const h = face.y2 - face.y1;
  return { x1: face.x1 - w / 4, y1: face.y1 - h / 4, x2: face.x2 + w / 4, y2: face.y2 + h / 4 };
};
export const eyesRegion = (face: Box): Box => {
  const h = face.y2 - face.y1;
  return { x1: face.x1, y1: face.y1 + 0.15 * h, x2: face.x2, y2: face.y1 + 0.6 * h };
};
