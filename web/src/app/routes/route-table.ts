import type { Area } from '../../shared/guards/groups';

/**
 * Every route of the specification (000 §2, 001 §2) as data: the router builds its routes from this
 * table, and the menus are checked against it. `page` names a component of the area's lazily loaded
 * module; `section` names what a placeholder page is about.
 */
export interface PageSpec {
  path: string;
  page: string;
  section?: SectionKey;
  /** A module of its own rather than the area's: the shop's screens load only when first opened. */
  module?: 'shop';
}

/** Screens whose back end comes later ('в разработке'), or that this server does not offer at all. */
export const SECTIONS = {
  products: 'unavailable',
} as const;
export type SectionKey = keyof typeof SECTIONS;

const shop = (pages: [path: string, page: string][]): PageSpec[] =>
  pages.map(([path, page]) => ({ path, page, module: 'shop' }));

/** Index, search, create, edit/{id-name} and view/{id} of a people collection (000 §2). */
const people = (collection: 'students' | 'teachers' | 'proctors'): PageSpec[] => [
  { path: collection, page: `${collection}-index` },
  { path: `${collection}/search`, page: `${collection}-search` },
  { path: `${collection}/create`, page: `${collection}-create` },
  { path: `${collection}/edit/:idName`, page: `${collection}-edit` },
  { path: `${collection}/:id`, page: `${collection}-view` },
];

export const AREA_PAGES: Record<Area, PageSpec[]> = {
  t: [
    { path: '', page: 'home' },
    { path: 'news', page: 'news' },
    { path: 'news/:id', page: 'news-item' },
    { path: 'assignments', page: 'assignments' },
    { path: 'assignments/create', page: 'assignment-create' },
    { path: 'assignments/:assignment', page: 'assignment' },
    { path: 'assignments/:assignment/edit', page: 'assignment-edit' },
    { path: 'assignments/proctoring/:assignment', page: 'assignment-proctoring' },
    { path: 'assignments/webinar/:assignment', page: 'assignment-webinar' },
    { path: 'assignments/result/:assignment/:result', page: 'assignment-result' },
    { path: 'antiplagiarism/report/:task', page: 'antiplagiarism-report' },
    { path: 'lessons', page: 'lessons' },
    { path: 'lessons/create', page: 'lesson-create' },
    { path: 'lessons/:lesson', page: 'lesson' },
    { path: 'quiz', page: 'quizzes' },
    { path: 'quiz/create', page: 'quiz-create' },
    { path: 'quiz/:quiz', page: 'quiz' },
    { path: 'invites', page: 'invites' },
    { path: 'invites/create', page: 'invite-create' },
    { path: 'invites/:invite', page: 'invite' },
    { path: 'courses', page: 'courses' },
    { path: 'courses/create', page: 'course-create' },
    { path: 'courses/:course', page: 'course' },
    { path: 'courses/:course/edit', page: 'course-edit' },
    // Ours (docs/certificates.md): a course's students and their certificates.
    { path: 'courses/:course/certificates', page: 'course-certificates' },
    { path: 'media', page: 'media' },
    // Ours (docs/certificates.md): the school's certificate templates and their editor.
    { path: 'certificates', page: 'certificate-templates' },
    { path: 'certificates/create', page: 'certificate-template-create' },
    { path: 'certificates/edit/:id', page: 'certificate-template-edit' },
    { path: 'classes', page: 'classes' },
    { path: 'classes/create', page: 'class-create' },
    { path: 'classes/:class', page: 'class' },
    { path: 'rooms', page: 'rooms' },
    { path: 'rooms/create', page: 'room-create' },
    { path: 'rooms/:room', page: 'room' },
    { path: 'profile/:user?', page: 'profile' },
    { path: 'profile-edit', page: 'profile-edit' },
    { path: 'student/:student', page: 'student' },
  ],
  s: [
    { path: '', page: 'home' },
    { path: 'news', page: 'news' },
    { path: 'news/:id', page: 'news-item' },
    { path: 'courses', page: 'courses' },
    { path: 'courses/:course', page: 'course' },
    { path: 'assignments', page: 'assignments' },
    { path: 'assignments/:assignment', page: 'assignment' },
    { path: 'assignments/:assignment/register', page: 'assignment-register' },
    { path: 'assignments/:assignment/webinar', page: 'assignment-webinar' },
    { path: 'assignment-watcher', page: 'assignment-watcher' },
    { path: 'media', page: 'media' },
    { path: 'certificates', page: 'certificates' },
    { path: 'profile', page: 'profile' },
    { path: 'profile/edit', page: 'profile-edit' },
    { path: 'profile/password', page: 'profile-password' },
    // Ours (docs/shop.md): the student's own orders, linked from the basket.
    ...shop([
      ['orders', 'my-orders'],
      ['orders/:order', 'my-order'],
    ]),
  ],
  m: [
    { path: '', page: 'home' },
    { path: 'news', page: 'news' },
    { path: 'news/:id', page: 'news-item' },
    { path: 'news/create', page: 'news-create' },
    { path: 'news/edit/:id', page: 'news-edit' },
    { path: 'profile/edit', page: 'profile-edit' },
    { path: 'profile/password', page: 'profile-password' },
    { path: 'profile/:user?', page: 'profile' },
    { path: 'antiplagiarism-groups', page: 'antiplagiarism-groups' },
    { path: 'antiplagiarism-groups/create', page: 'antiplagiarism-group-create' },
    { path: 'antiplagiarism-groups/edit/:group', page: 'antiplagiarism-group-edit' },
    ...people('students'),
    ...people('teachers'),
    ...people('proctors'),
    ...shop([
      ['products', 'products'],
      ['products/create', 'product-create'],
      ['products/edit/:product', 'product-edit'],
      ['products/view/:product', 'product-view'],
      ['payments', 'payments'],
      ['payments/create', 'payment-create'],
      ['payments/edit/:payment', 'payment-edit'],
      ['delivery', 'delivery'],
      ['delivery/create', 'delivery-create'],
      ['delivery/edit/:delivery', 'delivery-edit'],
      ['orders', 'orders'],
      ['orders/search', 'orders-search'],
      ['orders/:order', 'order'],
      // Ours (docs/shop.md): the school's promo codes, reached from the products page.
      ['promocodes', 'promocodes'],
      ['promocodes/create', 'promocode-create'],
      ['promocodes/edit/:promocode', 'promocode-edit'],
    ]),
    { path: 'servers', page: 'servers' },
    { path: 'servers/create', page: 'server-create' },
    { path: 'servers/edit/:server', page: 'server-edit' },
    { path: 'storages', page: 'storages' },
    { path: 'storages/create', page: 'storage-create' },
    { path: 'storages/edit/:storage', page: 'storage-edit' },
  ],
  p: [
    { path: '', page: 'home' },
    { path: 'news', page: 'news' },
    { path: 'news/:id', page: 'news-item' },
    { path: 'assignments', page: 'assignments' },
    { path: 'assignments/:assignment', page: 'assignment' },
    { path: 'profile/edit', page: 'profile-edit' },
    { path: 'profile/password', page: 'profile-password' },
    { path: 'profile/:user?', page: 'profile' },
  ],
  a: [
    { path: '', page: 'home' },
    { path: 'regions', page: 'regions' },
    { path: 'regions/:entity', page: 'region' },
    { path: 'cities', page: 'cities' },
    { path: 'cities/:entity', page: 'city' },
    { path: 'schools', page: 'schools' },
    { path: 'schools/:entity', page: 'school' },
  ],
  // Ours (docs/web.md): the dashboards, the SQL console (`?query=` opens a saved one), saved queries.
  an: [
    { path: '', page: 'dashboards' },
    { path: 'console', page: 'console' },
    { path: 'queries', page: 'queries' },
  ],
};

/** Public and shared routes (000 §2) beside the index; the session pages open without signing in. */
export const PUBLIC_PAGES: PageSpec[] = [
  { path: 'status', page: 'status' },
  // The quick start: a student types the code the teacher shows (docs/assignments.md).
  { path: 'startx', page: 'quick-start' },
  // A phone as the exam's second camera, and a recording sent after the exam (docs/media.md).
  { path: 'session/camera/:token', page: 'external-camera' },
  // The launch link of an assignment, posted on the school's own site (docs/assignments.md).
  { path: 'session/assignment/:token', page: 'external-assignment' },
  { path: 'session/upload/:token', page: 'external-upload' },
  { path: 'report/:token', page: 'report' },
  // Ours (docs/shop.md): a school's shop page, where a guest fills a basket before signing in.
  { path: 'shop/:school', page: 'shop' },
];

/** Every full path of the app, for checks (menus, links) and the docs. */
export function allPaths(): string[] {
  const areaPaths = Object.entries(AREA_PAGES).flatMap(([area, pages]) =>
    pages.map((p) => (p.path ? `/${area}/${p.path}` : `/${area}`)),
  );
  return ['/', '/register/:url', ...PUBLIC_PAGES.map((p) => `/${p.path}`), ...areaPaths];
}
