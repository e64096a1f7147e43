// The web app's dependency rule (docs/architecture.md, "Web layers"): web/src/shared ← features ← app.
// A feature never imports another feature, the app, or anything above it; shared imports neither
// features nor the app. A piece two features need moves to shared; a page that composes several
// features lives in web/src/app/routes. The few compositions left are listed below with their reason,
// so a new one fails `npm run lint` until it is moved or argued for here.
import path from 'node:path';

const WEB_SRC = path.resolve(import.meta.dirname, '../../web/src');

/** The web app has no path alias today; these would all mean web/src if one were added. */
const ALIASES = ['@/', '~/', 'src/', 'web/src/'];

/**
 * Allowed cross-feature imports: the importing file (from the repository root) and the feature it may
 * import. At most ten (issue 17); the unit test holds the list to that and to imports that exist.
 */
export const CROSS_FEATURE_EXCEPTIONS = [
  {
    file: 'web/src/features/assignments/components/attempt-result-page.tsx',
    feature: 'proctoring',
    why: "the attempt's result shows its proctoring evidence (violations, recordings, actions, AI report) as tabs",
  },
  {
    file: 'web/src/features/assignments/components/attempt-result-page.tsx',
    feature: 'public-report',
    why: "the attempt's result offers the public report's share action",
  },
  {
    file: 'web/src/features/assignments/components/students-table.tsx',
    feature: 'certificates',
    why: "each student's row shows the certificate issued for the assignment",
  },
  {
    file: 'web/src/features/authoring/components/editors/content-editor.tsx',
    feature: 'media-library',
    why: "a content component picks its file from the teacher's media library (MediaField)",
  },
  {
    file: 'web/src/features/authoring/course-editor/course-fields-form.tsx',
    feature: 'media-library',
    why: "a course's cover is picked from the media library (MediaField)",
  },
  {
    file: 'web/src/features/profile/components/profile-edit-form.tsx',
    feature: 'media-library',
    why: 'the avatar is picked from the media library (MediaField)',
  },
  {
    file: 'web/src/features/student-work/components/register-page.tsx',
    feature: 'exam-client',
    why: "registering for a proctored assignment runs the exam client's equipment check first",
  },
  {
    file: 'web/src/features/student-work/components/external-attempt.tsx',
    feature: 'external-assignment',
    why: "an external assignment's attempt is the external assignment's own work panel",
  },
  {
    file: 'web/src/features/student-courses/components/student-course-page.tsx',
    feature: 'shop',
    why: "a prepaid course's page offers the shop's buy button (the product that grants the course)",
  },
  {
    file: 'web/src/features/chat/components/chat-window.tsx',
    feature: 'media-library',
    why: 'a message attaches a file picked from the media library (MediaPicker)',
  },
];

/** Which layer an absolute path is in, and for a feature which one. */
export function layerOf(absolute) {
  const relative = path.relative(WEB_SRC, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return { layer: 'outside' };
  const [top, name] = relative.split(path.sep);
  if (top === 'features' && name) return { layer: 'feature', feature: name };
  if (top === 'shared') return { layer: 'shared' };
  if (top === 'app') return { layer: 'app' };
  return { layer: 'entry' };
}

function targetOf(specifier, importer) {
  const bare = specifier.split('?')[0];
  if (bare.startsWith('.')) return path.resolve(path.dirname(importer), bare);
  const alias = ALIASES.find((prefix) => bare.startsWith(prefix));
  return alias ? path.join(WEB_SRC, bare.slice(alias.length)) : null;
}

const isTest = (file) => /\.(unit|int)\.test\.tsx?$/.test(file);

/** Why `importer` may not import `target`, or null when it may. */
export function violationOf(importer, target) {
  const from = layerOf(importer);
  const to = layerOf(target);
  if (from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature) {
    const file = path.relative(path.resolve(WEB_SRC, '../..'), importer).split(path.sep).join('/');
    const allowed = CROSS_FEATURE_EXCEPTIONS.some((e) => e.file === file && e.feature === to.feature);
    return allowed
      ? null
      : `features/${from.feature} must not import features/${to.feature}: move the shared piece to web/src/shared, or compose the two in web/src/app`;
  }
  if (from.layer === 'feature' && to.layer === 'app') {
    return `features/${from.feature} must not import web/src/app: the app composes features, not the other way round`;
  }
  // The locale bundles' test reads every feature's bundle to check them all; tests may look upwards.
  if (from.layer === 'shared' && !isTest(importer) && (to.layer === 'feature' || to.layer === 'app')) {
    return `web/src/shared must not import web/src/${to.layer === 'app' ? 'app' : `features/${to.feature}`}: shared is the lowest layer`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const webLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'The web layers: shared ← features ← app, no feature importing another' },
    schema: [],
    messages: { layer: '{{why}}' },
  },
  create(context) {
    const importer = context.filename;
    if (layerOf(importer).layer === 'outside') return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = targetOf(source.value, importer);
      const why = target && violationOf(importer, target);
      if (why) context.report({ node: source, messageId: 'layer', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const webLayersPlugin = { rules: { 'web-layers': webLayersRule } };
