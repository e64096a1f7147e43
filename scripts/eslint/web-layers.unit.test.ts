import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CROSS_FEATURE_EXCEPTIONS } from './web-layers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// The repository's own eslint.config.js, so the test proves what `npm run lint` enforces.
const eslint = new ESLint({ cwd: ROOT });

/** The web-layers messages ESLint gives `code` as if it were the file at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'sabaq/web-layers').map((m) => m.message);
}

describe('the web layers lint rule', () => {
  it('fails a new import of one feature by another, by relative path and by alias', async () => {
    const file = 'web/src/features/chat/components/new-part.tsx';
    expect(await layerErrors(file, "import { BasketModal } from '../../shop';\n")).toEqual([
      expect.stringContaining('features/chat must not import features/shop'),
    ]);
    expect(await layerErrors(file, "export * from '../../shop/components/basket-modal';\n")).toHaveLength(1);
    expect(await layerErrors(file, "const m = import('@/features/shop');\nvoid m;\n")).toHaveLength(1);
  });

  it('lets a feature import itself and shared, and the app import any feature', async () => {
    const feature = 'web/src/features/chat/components/new-part.tsx';
    expect(await layerErrors(feature, "import { chatApi } from '../api';\n")).toEqual([]);
    expect(
      await layerErrors(feature, "import { notifySuccess } from '../../../shared/toasts/notify';\n"),
    ).toEqual([]);
    expect(
      await layerErrors(
        'web/src/app/routes/new-page.tsx',
        "import { ChatButton } from '../../features/chat';\n",
      ),
    ).toEqual([]);
  });

  it('fails a feature importing the app, and shared importing a feature', async () => {
    expect(
      await layerErrors('web/src/features/chat/x.ts', "import { queryClient } from '../../app/provider';\n"),
    ).toEqual([expect.stringContaining('must not import web/src/app')]);
    expect(
      await layerErrors('web/src/shared/ui/x.tsx', "import { ChatButton } from '../../features/chat';\n"),
    ).toEqual([expect.stringContaining('web/src/shared must not import web/src/features/chat')]);
  });

  it('allows a listed exception only for its own file and feature', async () => {
    const exception = CROSS_FEATURE_EXCEPTIONS[0]!;
    const allowed = `import * as other from '../../${exception.feature}';\nvoid other;\n`;
    const depth = exception.file.split('/').length - 4; // web/src/features/<feature>/… → up to features/
    const up = '../'.repeat(depth);
    expect(await layerErrors(exception.file, allowed.replace('../../', up))).toEqual([]);
    expect(await layerErrors(exception.file, `import * as o from '${up}chat';\nvoid o;\n`)).toHaveLength(1);
    const neighbour = path.posix.join(path.posix.dirname(exception.file), 'neighbour.tsx');
    expect(await layerErrors(neighbour, allowed.replace('../../', up))).toHaveLength(1);
  });

  it('keeps at most ten exceptions, each naming a file that still makes that import', () => {
    expect(CROSS_FEATURE_EXCEPTIONS.length).toBeLessThanOrEqual(10);
    for (const { file, feature, why } of CROSS_FEATURE_EXCEPTIONS) {
      expect(why.length).toBeGreaterThan(10);
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      expect(source, `${file} → ${feature}`).toMatch(new RegExp(`from '(\\.\\./)+${feature}['/]`));
    }
  });

  it('passes the web app as it stands', { timeout: 180_000 }, async () => {
    const results = await new ESLint({
      cwd: ROOT,
      ruleFilter: ({ ruleId }) => ruleId === 'sabaq/web-layers',
    }).lintFiles(['web/src']);
    const found = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(ROOT, r.filePath)}: ${m.message}`),
    );
    expect(found).toEqual([]);
  });
});
