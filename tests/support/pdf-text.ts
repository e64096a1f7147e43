import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it (Type0 fonts with a ToUnicode map, glyphs shown by `Tj`/`TJ`
 * with hex strings): enough to check that a name is really in the file as text, without a PDF tool
 * on the machine. Each text object (BT … ET) is one line. Not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  const objectPattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objectPattern.exec(source); m; m = objectPattern.exec(source)) {
    const body = m[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start =
      m.index + m[0].indexOf(body) + streamAt + body.slice(streamAt).match(/^stream\r?\n/)![0].length;
    const end = source.indexOf('endstream', start);
    let bytes = pdf.subarray(start, end);
    if (dict.includes('/FlateDecode')) bytes = inflateSync(bytes);
    objects.set(m[1]!, { dict, stream: bytes.toString('latin1') });
  }
  const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];

  // Font resource name (/F1) → glyph code → text, from each font's ToUnicode map.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1];
    if (!fontDict) continue;
    for (const [, name, id] of fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)) {
      const toUnicode = ref(objects.get(id!)?.dict ?? '', 'ToUnicode');
      fonts.set(name!, toUnicode ? cmapOf(objects.get(toUnicode)?.stream ?? '') : new Map());
    }
  }

  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes('BT')) continue;
    let font = new Map<number, string>();
    let line = '';
    for (const [token] of stream.matchAll(/\/\S+ [\d.]+ Tf|<[0-9a-fA-F]*>|\bET\b/g)) {
      if (token.endsWith('Tf')) font = fonts.get(token.split(' ')[0]!.slice(1)) ?? new Map();
      else if (token === 'ET') {
        lines.push(line);
        line = '';
      } else {
        const hex = token.slice(1, -1);
        for (let i = 0; i + 4 <= hex.length; i += 4)
          line += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      }
    }
  }
  return lines.join('\n');
}

/** A ToUnicode CMap's `bfchar` and `bfrange` entries (pdfkit writes arrays of UTF-16BE hex). */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, from, to, targets] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const values = [...targets!.matchAll(/<([0-9a-fA-F]+)>/g)].map((t) => utf16(t[1]!));
    for (let code = parseInt(from!, 16), i = 0; code <= parseInt(to!, 16); code++, i++) {
      if (values[i] !== undefined) map.set(code, values[i]!);
    }
  }
  for (const [, code, target] of cmap.matchAll(/^<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*$/gm)) {
    map.set(parseInt(code!, 16), utf16(target!));
  }
  return map;
}
