import type { SVGProps } from 'react';

/**
 * Line icons drawn inline (shapes after the MIT-licensed Tabler set): the app needs a couple of dozen,
 * not an icon package. Decorative by default (aria-hidden); the control around an icon carries its label.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(...paths: string[]) {
  return function Icon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const IconHome = icon(
  'M5 12H3l9-9 9 9h-2',
  'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7',
  'M9 21v-6h6v6',
);
export const IconClipboard = icon(
  'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2',
  'M9 3h6v4H9z',
  'M9 12h6',
  'M9 16h4',
);
export const IconBook = icon(
  'M3 19a9 9 0 0 1 9 0 9 9 0 0 1 9 0',
  'M3 6a9 9 0 0 1 9 0 9 9 0 0 1 9 0',
  'M3 6v13',
  'M12 6v13',
  'M21 6v13',
);
export const IconChecklist = icon(
  'M9.6 5H20',
  'M9.6 12H20',
  'M9.6 19H20',
  'M4 5l1 1 2-2',
  'M4 12l1 1 2-2',
  'M4 19l1 1 2-2',
);
export const IconCourses = icon('M22 9 12 5 2 9l10 4 10-4v6', 'M6 10.6V16a6 3 0 0 0 12 0v-5.4');
export const IconPhoto = icon(
  'M15 8h.01',
  'M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z',
  'm3 16 5-5c.93-.9 2.07-.9 3 0l5 5',
  'm14 14 1-1c.93-.9 2.07-.9 3 0l3 3',
);
export const IconPlus = icon('M12 5v14', 'M5 12h14');
export const IconUsers = icon(
  'M9 7m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
  'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
  'M16 3.13a4 4 0 0 1 0 7.75',
  'M21 21v-2a4 4 0 0 0-3-3.85',
);
export const IconDoor = icon('M14 12v.01', 'M3 21h18', 'M6 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16');
export const IconTicket = icon(
  'M15 5v2',
  'M15 11v2',
  'M15 17v2',
  'M5 5h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4V7a2 2 0 0 1 2-2',
);
export const IconLibrary = icon('M4 4h4v16H4z', 'M10 4h4v16h-4z', 'm16.5 4.5 3.6-1 4 15.5-3.7 1z');
export const IconCertificate = icon(
  'M15 15m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0',
  'M13 17.5V22l2-1.5 2 1.5v-4.5',
  'M10 19H5a2 2 0 0 1-2-2V7c0-1.1.9-2 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-1 1.73',
  'M6 9h12',
  'M6 12h3',
  'M6 15h2',
);
export const IconUser = icon('M8 7a4 4 0 1 0 8 0a4 4 0 0 0-8 0', 'M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2');
export const IconLogout = icon(
  'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2',
  'M9 12h12l-3-3',
  'M18 15l3-3',
);
export const IconChevronsLeft = icon('m11 7-5 5 5 5', 'm17 7-5 5 5 5');
export const IconChevronsRight = icon('m7 7 5 5-5 5', 'm13 7 5 5-5 5');
export const IconBell = icon(
  'M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6',
  'M9 17v1a3 3 0 0 0 6 0v-1',
);
export const IconListCheck = icon(
  'm3.5 5.5 1.5 1.5 2.5-2.5',
  'm3.5 11.5 1.5 1.5 2.5-2.5',
  'm3.5 17.5 1.5 1.5 2.5-2.5',
  'M11 6h9',
  'M11 12h9',
  'M11 18h9',
);
export const IconMessage = icon(
  'M8 9h8',
  'M8 13h6',
  'M18 4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3h-5l-5 3v-3H6a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3z',
);
export const IconBasket = icon(
  'M10 14a2 2 0 1 0 4 0 2 2 0 0 0-4 0',
  'M5.001 8H19a2 2 0 0 1 1.977 2.304l-1.255 7.152A3 3 0 0 1 16.756 20H7.244a3 3 0 0 1-2.965-2.544l-1.255-7.152A2 2 0 0 1 5 8z',
  'M17 10l-2-6',
  'M7 10l2-6',
);
export const IconWorld = icon(
  'M3 12a9 9 0 1 0 18 0a9 9 0 0 0-18 0',
  'M3.6 9h16.8',
  'M3.6 15h16.8',
  'M11.5 3a17 17 0 0 0 0 18',
  'M12.5 3a17 17 0 0 1 0 18',
);
export const IconMap = icon('M3 7l6-3 6 3 6-3v13l-6 3-6-3-6 3V7', 'M9 4v13', 'M15 7v13');
export const IconBuilding = icon(
  'M3 21h18',
  'M9 8h1',
  'M9 12h1',
  'M9 16h1',
  'M14 8h1',
  'M14 12h1',
  'M14 16h1',
  'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16',
);
export const IconSchool = icon('M22 9 12 5 2 9l10 4 10-4v6', 'M6 10.6V16a6 3 0 0 0 12 0v-5.4', 'M12 13v8');
export const IconSearch = icon('M10 10m-7 0a7 7 0 1 0 14 0a7 7 0 1 0-14 0', 'M21 21l-6-6');
export const IconEdit = icon(
  'M7 7H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2v-1',
  'M20.385 6.585a2.1 2.1 0 0 0-2.97-2.97L9 12v3h3z',
  'M16 5l3 3',
);
export const IconTrash = icon(
  'M4 7h16',
  'M10 11v6',
  'M14 11v6',
  'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12',
  'M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
);
export const IconShield = icon(
  'M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3',
);
export const IconTool = icon('M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2 2 0 0 1-3 3l-6-6a6 6 0 0 1-8-8z');
export const IconServer = icon(
  'M3 4m0 3a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z',
  'M3 12m0 3a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z',
  'M7 8v.01',
  'M7 16v.01',
);
export const IconTruck = icon(
  'M5 17m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  'M17 17m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  'M5 17H3V6a1 1 0 0 1 1-1h9v12m-4 0h6m4 0h2v-6h-8m0-5h5l3 5',
);
export const IconCash = icon(
  'M7 9m0 2a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z',
  'M14 14m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  'M17 9V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2',
);
export const IconPackage = icon(
  'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3',
  'M12 12l8-4.5',
  'M12 12v9',
  'M12 12L4 7.5',
);
export const IconReceipt = icon(
  'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2-3 2',
  'M9 7h6',
  'M9 11h6',
  'M9 15h4',
);
export const IconDatabase = icon(
  'M12 6m-8 0a8 3 0 1 0 16 0a8 3 0 1 0-16 0',
  'M4 6v6a8 3 0 0 0 16 0V6',
  'M4 12v6a8 3 0 0 0 16 0v-6',
);
export const IconEye = icon(
  'M10 12a2 2 0 1 0 4 0 2 2 0 0 0-4 0',
  'M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6',
);
export const IconKey = icon(
  'M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1-4.069 0l-.301-.301-6.558 6.558a2 2 0 0 1-1.239.578L5.172 21H4a1 1 0 0 1-.993-.883L3 20v-1.172a2 2 0 0 1 .467-1.284l.119-.13L4 17h2v-2h2v-2l2.144-2.144-.301-.301a2.877 2.877 0 0 1 0-4.069l2.643-2.643a2.877 2.877 0 0 1 4.069 0z',
  'M15 9h.01',
);
export const IconArrowLeft = icon('M5 12h14', 'M5 12l6 6', 'M5 12l6-6');
export const IconChevronLeft = icon('m15 6-6 6 6 6');
export const IconChevronRight = icon('m9 6 6 6-6 6');
export const IconCheck = icon('M5 12l5 5L20 7');
export const IconHourglass = icon(
  'M6.5 7h11',
  'M6.5 17h11',
  'M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1',
  'M6 4v2a6 6 0 1 0 12 0V4a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1',
);
export const IconLock = icon(
  'M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z',
  'M11 16a1 1 0 1 0 2 0a1 1 0 0 0-2 0',
  'M8 11V7a4 4 0 1 1 8 0v4',
);
export const IconChartBar = icon(
  'M3 13a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z',
  'M15 9a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1z',
  'M9 5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1z',
  'M4 20h14',
);
export const IconTerminal = icon(
  'M8 9l3 3-3 3',
  'M13 15h3',
  'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
);
export const IconBookmark = icon('M18 7v14l-6-4-6 4V7a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4z');
export const IconPlayerPlay = icon('M7 4v16l13-8z');
export const IconDeviceFloppy = icon(
  'M6 4h10l4 4v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2',
  'M10 14a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  'M14 4v4H8V4',
);
export const IconPaperclip = icon(
  'M15 7l-6.5 6.5a1.5 1.5 0 0 0 3 3l6.5-6.5a3 3 0 0 0-6-6l-6.5 6.5a4.5 4.5 0 0 0 9 9l6.5-6.5',
);
