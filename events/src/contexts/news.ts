import { z } from 'zod';
import { defineContract } from '../registry';
import { recordEvents } from './reference';

/**
 * A school's news (001 §3 "Record"): each item is its own stream `news_record-<id>` with Created / Updated /
 * Deleted events. `body` is rich text (HTML), sanitised before it is recorded; `announce` is the plain
 * lead shown in lists. `status` is ours (the specification's record has none): a draft is seen by the
 * school's staff only. `is_unlisted` keeps an item out of lists: it is read only through its link.
 */
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const address = z.string().trim().max(2000).nullable().default(null);

export const newsRecordSchema = z.object({
  title: z.string().trim().min(1).max(300),
  type: optionalText(50),
  categories: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  logo: address,
  image: address,
  image_thumb: address,
  preview: address,
  announce: optionalText(1000),
  body: z.string().max(200_000).default(''),
  is_main: z.boolean().default(false),
  is_unlisted: z.boolean().default(false),
  status: z.enum(['draft', 'published']).default('published'),
});
export type NewsRecordFields = z.infer<typeof newsRecordSchema>;

export const NewsRecordEvents = recordEvents('NewsRecord', newsRecordSchema);

export const newsContract = defineContract({
  context: 'news',
  categories: ['news_record'],
  events: [NewsRecordEvents.created, NewsRecordEvents.updated, NewsRecordEvents.deleted],
});
