/**
 * Latin words a Russian or Kazakh text may hold: names of products, formats and standards that are
 * written so in those languages too. Anything else in Latin letters is an untranslated English word.
 * Shared by the locale bundles' unit test and the browser scan of the rendered pages.
 */
export const LATIN_ALLOWED = new Set(
  (
    'Sabaq ClickHouse SQL PostgreSQL Kafka KurrentDB HLS PDF CSV XLSX JSON URL API ID USB SMS OAuth WebRTC ' +
    'LaTeX Wi-Fi Python JavaScript TypeScript Java Excel Google Microsoft Apple Yandex Chrome Chromium Firefox ' +
    'Safari Edge ffmpeg LTI SCORM QR MP4 WebM JPEG PNG SVG HTTP HTTPS http https www ONNX AI IP PC OS iOS ' +
    'Android Windows macOS Linux Ctrl Enter Esc Alt Shift Tab Cmd FPS Zoom Moodle E-mail e-mail SFU S3 MinIO ' +
    // Network and storage terms of the servers' forms, SQL words of the console's hints, a browser's name.
    'ICE STUN TURN TCP UDP path-style Path-style SELECT LIMIT WHERE FROM Safe Exam Browser LMS ' +
    // ISO 4217 currency codes, as the shop's prices and the sales dashboard show amounts.
    'KZT RUB USD EUR ' +
    // A sample of an invite code's shape.
    'ABCD-EFGH'
  ).split(' '),
);

/** Latin words of a text, leaving out placeholders, tags, addresses, file names and code samples. */
export function latinWords(text: string): string[] {
  const stripped = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    // Code: snake_case names (the console's tables) and scheme:value samples (stun:host).
    .replace(/\b\w*_\w*\b/g, ' ')
    .replace(/\b[a-z]+:\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\b[\w-]+\.(?:pdf|csv|xlsx|json|mp4|webm|png|jpg|zip)\b/gi, ' ');
  return (stripped.match(/[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]/g) ?? []).filter(
    (word) => !LATIN_ALLOWED.has(word),
  );
}
