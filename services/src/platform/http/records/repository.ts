import { sql } from 'kysely';
import { readModelCacheOf } from '../../read-models/read-model-cache';
import type { ReadModelDb } from '../../read-models/database';
import type { Scope } from './access';
import type { CollectionDefinition, Row } from './collection';
import type { ListQuery } from './list-query';
import { pageOf, type Page } from './paging';

/**
 * Every read of the record API goes through here, so the access scope is applied in one place: a
 * record outside the caller's scope is simply not found.
 */
export class RecordRepository {
  constructor(
    private readonly db: ReadModelDb,
    private readonly collection: CollectionDefinition,
  ) {}

  private visible(scope: Scope) {
    let query = this.db.selectFrom(this.collection.table).where('deleted', '=', false);
    if (scope.kind === 'school' || scope.kind === 'own') {
      // A caller without a chosen school sees no school's records.
      query =
        scope.schoolId === null
          ? query.where(sql<boolean>`false`)
          : query.where('school_id', '=', scope.schoolId);
    }
    if (scope.kind === 'own') query = query.where('owner_id', '=', scope.userId);
    for (const [column, value] of Object.entries(this.collection.where ?? {})) {
      query = query.where(column, '=', value);
    }
    return query;
  }

  get(id: string, scope: Scope): Promise<Row | undefined> {
    return this.cached(['get', id], scope, async () => {
      const row = await this.visible(scope).selectAll().where('id', '=', id).executeTakeFirst();
      return row as Row | undefined;
    });
  }

  list(query: ListQuery, scope: Scope): Promise<{ rows: Row[]; page?: Page }> {
    return this.cached(['list', query], scope, () => this.listUncached(query, scope));
  }

  /**
   * Reads through the read-model cache when the api role attached one (read-model-cache.ts). The key
   * names the collection (collections may share a table with different fixed filters), the caller's
   * scope and the request, so a hit builds no query at all.
   */
  private cached<T>(request: unknown[], scope: Scope, load: () => Promise<T>): Promise<T> {
    const cache = readModelCacheOf(this.db);
    if (!cache) return load();
    const key = JSON.stringify([this.collection.name, scope, ...request]);
    return cache.read(this.collection.projection, key, load);
  }

  private async listUncached(query: ListQuery, scope: Scope): Promise<{ rows: Row[]; page?: Page }> {
    let filtered = this.visible(scope);
    if (query.ids)
      filtered = query.ids.length
        ? filtered.where('id', 'in', query.ids)
        : filtered.where(sql<boolean>`false`);
    for (const [field, values] of Object.entries(query.filters)) {
      filtered = filtered.where(field, 'in', values);
    }
    const searched = this.collection.search ?? [];
    // Each word must appear in some searched column, so "Касымова Айгерим" finds last name + first name.
    for (const word of query.search?.split(/\s+/).slice(0, 5) ?? []) {
      const pattern = `%${escapeLike(word)}%`;
      filtered = filtered.where((eb) => eb.or(searched.map((column) => eb(column, 'ilike', pattern))));
    }
    let page: (Page & { offset: number }) | undefined;
    if (query.paged) {
      const counted = await filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
      page = pageOf(Number(counted?.total ?? 0), query.page, query.limit);
    }
    const rows = await filtered
      .selectAll()
      .orderBy(query.orderBy, query.direction)
      // A unique tie-breaker keeps pages stable when the sort field repeats.
      .orderBy('id', 'asc')
      .limit(query.limit)
      .offset(page?.offset ?? 0)
      .execute();
    if (!page) return { rows: rows as Row[] };
    const { offset: _offset, ...visiblePage } = page;
    return { rows: rows as Row[], page: visiblePage };
  }
}

/** The query is text to find, not a pattern: %, _ and the escape character itself match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
