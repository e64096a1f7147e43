import { profilePathOf } from '../guards/groups';

/** Names of the icons the menu draws (shared/navigation/menu-icons.tsx). */
export type MenuIcon =
  | 'home'
  | 'assignments'
  | 'lessons'
  | 'quizzes'
  | 'courses'
  | 'media'
  | 'create'
  | 'classes'
  | 'rooms'
  | 'invites'
  | 'library'
  | 'certificates'
  | 'profile'
  | 'logout'
  | 'external'
  | 'regions'
  | 'cities'
  | 'schools'
  | 'students'
  | 'teachers'
  | 'proctors'
  | 'products'
  | 'orders'
  | 'payments'
  | 'delivery'
  | 'servers'
  | 'storages'
  | 'antiplagiarism'
  | 'dashboards'
  | 'console'
  | 'queries'
  | 'news';

export interface MenuItem {
  key: string;
  icon: MenuIcon;
  /** An in-app route; href for an outside site; action for items that do something instead. */
  to?: string;
  href?: string;
  action?: 'logout' | 'digital-library';
  /** Whether the item is also active on deeper paths (lists stay lit on their detail pages). */
  end?: boolean;
}

export interface MenuSection {
  key: string;
  items: MenuItem[];
}

/** The ministry of education's site, linked from the proctor menu (001 §2). */
export const MINISTRY_URL = 'https://www.gov.kz/memleket/entities/edu';

const resources: MenuSection = {
  key: 'resources',
  items: [{ key: 'digitalLibrary', icon: 'library', action: 'digital-library' }],
};

/** Teacher and manager share this menu (001 §2): Library, Groups, Resources. */
const teacherSections = (home: string): MenuSection[] => [
  {
    key: 'main',
    items: [
      { key: 'home', icon: 'home', to: home, end: true },
      // The manager reads the news where they publish it (/m/news); a teacher reads it in /t.
      { key: 'news', icon: 'news', to: `${home}/news` },
    ],
  },
  {
    key: 'library',
    items: [
      { key: 'assignments', icon: 'assignments', to: '/t/assignments' },
      { key: 'lessons', icon: 'lessons', to: '/t/lessons' },
      { key: 'quizzes', icon: 'quizzes', to: '/t/quiz' },
      { key: 'courses', icon: 'courses', to: '/t/courses' },
      { key: 'media', icon: 'media', to: '/t/media' },
      { key: 'certificateTemplates', icon: 'certificates', to: '/t/certificates' },
    ],
  },
  {
    key: 'groups',
    items: [
      { key: 'createClass', icon: 'create', to: '/t/classes/create', end: true },
      { key: 'classes', icon: 'classes', to: '/t/classes', end: true },
      { key: 'rooms', icon: 'rooms', to: '/t/rooms' },
      { key: 'invites', icon: 'invites', to: '/t/invites' },
    ],
  },
];

/** A school's people, managed by its managers and admins. */
const peopleSection: MenuSection = {
  key: 'people',
  items: [
    { key: 'students', icon: 'students', to: '/m/students' },
    { key: 'teachers', icon: 'teachers', to: '/m/teachers' },
    { key: 'proctors', icon: 'proctors', to: '/m/proctors' },
  ],
};

const managerSections: MenuSection[] = [
  peopleSection,
  {
    key: 'shop',
    items: [
      { key: 'products', icon: 'products', to: '/m/products' },
      { key: 'orders', icon: 'orders', to: '/m/orders' },
      { key: 'payments', icon: 'payments', to: '/m/payments' },
      { key: 'delivery', icon: 'delivery', to: '/m/delivery' },
    ],
  },
  {
    key: 'infrastructure',
    items: [
      { key: 'servers', icon: 'servers', to: '/m/servers' },
      { key: 'storages', icon: 'storages', to: '/m/storages' },
      { key: 'antiplagiarism', icon: 'antiplagiarism', to: '/m/antiplagiarism-groups' },
    ],
  },
];

/** The left menu of a group (001 §2); a group the menu does not know gets an empty menu. */
export function menuOf(group: string): MenuSection[] {
  switch (group) {
    case 'teacher':
      return [...teacherSections('/t'), resources];
    case 'manager':
      return [...teacherSections('/m'), ...managerSections, resources];
    case 'student':
      return [
        {
          key: 'main',
          items: [
            { key: 'home', icon: 'home', to: '/s', end: true },
            { key: 'news', icon: 'news', to: '/s/news' },
            { key: 'assignments', icon: 'assignments', to: '/s/assignments' },
            { key: 'media', icon: 'media', to: '/s/media' },
            { key: 'certificates', icon: 'certificates', to: '/s/certificates' },
            { key: 'profile', icon: 'profile', to: profilePathOf('student')! },
            { key: 'logout', icon: 'logout', action: 'logout' },
          ],
        },
        resources,
      ];
    case 'proctor':
      return [
        {
          key: 'main',
          items: [
            { key: 'home', icon: 'home', to: '/p', end: true },
            { key: 'news', icon: 'news', to: '/p/news' },
            { key: 'assignments', icon: 'assignments', to: '/p/assignments' },
            { key: 'profile', icon: 'profile', to: profilePathOf('proctor')! },
            { key: 'logout', icon: 'logout', action: 'logout' },
          ],
        },
        { key: 'links', items: [{ key: 'ministry', icon: 'external', href: MINISTRY_URL }] },
      ];
    case 'admin':
      return [
        {
          key: 'main',
          items: [
            { key: 'home', icon: 'home', to: '/a', end: true },
            { key: 'regions', icon: 'regions', to: '/a/regions' },
            { key: 'cities', icon: 'cities', to: '/a/cities' },
            { key: 'schools', icon: 'schools', to: '/a/schools' },
          ],
        },
        peopleSection,
      ];
    case 'analyst':
      return [
        {
          key: 'main',
          items: [
            { key: 'dashboards', icon: 'dashboards', to: '/an', end: true },
            { key: 'console', icon: 'console', to: '/an/console' },
            { key: 'savedQueries', icon: 'queries', to: '/an/queries' },
            { key: 'logout', icon: 'logout', action: 'logout' },
          ],
        },
      ];
    default:
      return [];
  }
}
