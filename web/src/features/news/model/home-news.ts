/** The few items the home pages show (docs/news.md, "On the home pages"). */
export const HOME_NEWS_COUNT = 3;

interface Listed {
  id: string;
  is_main: boolean;
  is_unlisted: boolean;
  status: 'draft' | 'published';
}

/**
 * The home page's news: the newest main item first (even when older than the latest ones), then the
 * newest others, `count` in all. Drafts and unlisted items are left out here too: the manager's list
 * holds them, and a home page is no place for them.
 */
export function homeNews<T extends Listed>(main: T[], latest: T[], count = HOME_NEWS_COUNT): T[] {
  const shown = (item: T) => item.status === 'published' && !item.is_unlisted;
  const lead = main.find((item) => item.is_main && shown(item));
  const rest = latest.filter((item) => shown(item) && item.id !== lead?.id);
  return (lead ? [lead, ...rest] : rest).slice(0, Math.max(0, count));
}
