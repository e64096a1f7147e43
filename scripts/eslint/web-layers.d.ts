import type { Rule } from 'eslint';

export interface CrossFeatureException {
  /** The importing file, from the repository root. */
  file: string;
  /** The feature (folder under web/src/features) it may import. */
  feature: string;
  why: string;
}

export const CROSS_FEATURE_EXCEPTIONS: readonly CrossFeatureException[];
export function layerOf(absolute: string): {
  layer: 'feature' | 'shared' | 'app' | 'entry' | 'outside';
  feature?: string;
};
export function violationOf(importer: string, target: string): string | null;
export const webLayersRule: Rule.RuleModule;
export const webLayersPlugin: { rules: Record<string, Rule.RuleModule> };
