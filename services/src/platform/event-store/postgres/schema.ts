/**
 * The PostgreSQL event store's tables and its append function, created idempotently at start.
 *
 * Global order without gaps, while appends still commit in parallel:
 * - an append first takes its stream's advisory lock (expected-version check, same-stream retries;
 *   no write yet, so no transaction id yet), then a store-wide advisory lock only long enough to get
 *   its transaction id and draw its positions from the sequence, so positions increase in the same
 *   order as transaction ids; it must be the first write of its transaction for that to hold;
 * - readers only read events whose transaction id is below the oldest transaction still running
 *   (pg_snapshot_xmin). Every transaction below that horizon has ended, and because positions follow
 *   transaction ids, no transaction that is still running can hold a position below one a reader has
 *   seen. So a reader that has seen position P never later finds a committed event below P.
 * Positions of rolled-back appends stay unused holes, which readers never see and never wait for.
 * The cost: one long-running writing transaction anywhere in the database holds subscriptions back
 * until it ends (they wait; they never skip).
 */
export function schemaSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE SEQUENCE IF NOT EXISTS ${s}.global_position AS bigint;
CREATE TABLE IF NOT EXISTS ${s}.streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${s}.events (
  global_position bigint PRIMARY KEY,
  tx_id xid8 NOT NULL,
  event_id text NOT NULL,
  stream_id text NOT NULL,
  stream_position bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_event_id_unique UNIQUE (event_id),
  CONSTRAINT events_stream_position_unique UNIQUE (stream_id, stream_position)
);
CREATE OR REPLACE FUNCTION ${s}.append_events(
  p_stream text,
  p_expected text,
  p_ids text[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (outcome text, stream_version bigint, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_count int := cardinality(p_ids);
  v_existing int;
  v_existing_here int;
  v_version bigint;
  v_tx xid8;
  v_positions bigint[];
BEGIN
  -- Positions must follow transaction ids (see above), so this must be the transaction's first write:
  -- an id assigned earlier could be older than the ids of appends that draw positions before us.
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'append_events must be the first write of its transaction';
  END IF;
  -- Appends to one stream queue here until commit. An advisory lock, not a row lock: a row lock is a
  -- write and would give the transaction its id before the store-wide lock below.
  PERFORM pg_advisory_xact_lock(${streamLockNamespace(schema)}, hashtext(p_stream));
  SELECT st.version INTO v_version FROM ${s}.streams st WHERE st.stream_id = p_stream;
  v_version := coalesce(v_version, -1);

  SELECT count(*), count(*) FILTER (WHERE e.stream_id = p_stream)
    INTO v_existing, v_existing_here
    FROM ${s}.events e WHERE e.event_id = ANY (p_ids);
  IF v_existing > 0 THEN
    IF v_existing = v_count AND v_existing_here = v_count THEN
      RETURN QUERY SELECT 'retry'::text, v_version,
        (SELECT max(e.global_position) FROM ${s}.events e WHERE e.event_id = ANY (p_ids));
    ELSE
      RETURN QUERY SELECT 'idempotency_conflict'::text, v_version, NULL::bigint;
    END IF;
    RETURN;
  END IF;

  IF (p_expected = 'no_stream' AND v_version <> -1)
     OR (p_expected = 'stream_exists' AND v_version = -1)
     OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND p_expected::bigint <> v_version) THEN
    RETURN QUERY SELECT 'wrong_expected_version'::text, v_version, NULL::bigint;
    RETURN;
  END IF;

  -- Transaction id and positions are drawn together under the store-wide lock, then the lock is let
  -- go at once: the inserts and the commit of concurrent appends overlap.
  PERFORM pg_advisory_lock(${lockKey(schema)});
  v_tx := pg_current_xact_id();
  SELECT array_agg(nextval('${schema}.global_position') ORDER BY g) INTO v_positions
    FROM generate_series(1, v_count) AS g;
  PERFORM pg_advisory_unlock(${lockKey(schema)});

  INSERT INTO ${s}.events (global_position, tx_id, event_id, stream_id, stream_position, type, data, metadata)
  SELECT v_positions[i.n], v_tx, i.id, p_stream, v_version + i.n, i.t, i.d, i.m
    FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS i(id, t, d, m, n);

  v_version := v_version + v_count;
  INSERT INTO ${s}.streams AS st (stream_id, version) VALUES (p_stream, v_version)
    ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, updated_at = now();

  PERFORM pg_notify(${notifyChannelLiteral(schema)}, v_positions[v_count]::text);
  RETURN QUERY SELECT 'appended'::text, v_version, v_positions[v_count];
END;
$fn$;
-- Many streams' batches in one transaction (one commit, one flush of the write-ahead log), each batch
-- checked as append_events checks it and refused on its own. The batches' streams must be distinct and
-- their ids disjoint (the caller splits the others off into a later call), so that every check can be
-- made before anything is written. p_batch gives each event's batch (1-based), events in batch order.
CREATE OR REPLACE FUNCTION ${s}.append_events_many(
  p_streams text[],
  p_expected text[],
  p_batch int[],
  p_ids text[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (batch int, outcome text, stream_version bigint, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_key int;
  v_outcomes text[];
  v_versions bigint[];
  v_counts int[];
  v_retry_positions bigint[];
  v_total int;
  v_tx xid8;
  v_positions bigint[];
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'append_events_many must be the first write of its transaction';
  END IF;
  IF cardinality(p_streams) <> (SELECT count(DISTINCT st) FROM unnest(p_streams) AS st) THEN
    RAISE EXCEPTION 'append_events_many takes each stream once';
  END IF;
  -- The streams' locks in one fixed order (by key), so that two many-appends never wait on each other
  -- in a cycle; a single append holds one stream lock only, and the store-wide lock is taken after all
  -- of them, so none of these can deadlock either. Keys that collide are taken once (they are re-entrant).
  FOR v_key IN SELECT DISTINCT hashtext(st) FROM unnest(p_streams) AS st ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(${streamLockNamespace(schema)}, v_key);
  END LOOP;

  -- Every batch's checks in one read: idempotency first (a retry succeeds whatever the expected
  -- version), then the expected version, as append_events decides them.
  WITH b AS (
    SELECT u.n::int AS n, u.stream_id, u.expected
      FROM unnest(p_streams, p_expected) WITH ORDINALITY AS u(stream_id, expected, n)
  ), sizes AS (
    SELECT u.n, count(*)::int AS size FROM unnest(p_batch) AS u(n) GROUP BY u.n
  ), found AS (
    SELECT u.n, count(*)::int AS existing, count(*) FILTER (WHERE e.stream_id = p_streams[u.n])::int AS here,
           max(e.global_position) AS newest
      FROM unnest(p_ids, p_batch) AS u(id, n)
      JOIN ${s}.events e ON e.event_id = u.id
     GROUP BY u.n
  ), checked AS (
    SELECT b.n, coalesce(st.version, -1) AS version, sizes.size, found.newest,
      CASE
        WHEN found.existing IS NOT NULL THEN
          CASE WHEN found.existing = sizes.size AND found.here = sizes.size THEN 'retry'
               ELSE 'idempotency_conflict' END
        WHEN CASE b.expected
               WHEN 'any' THEN false
               WHEN 'no_stream' THEN coalesce(st.version, -1) <> -1
               WHEN 'stream_exists' THEN coalesce(st.version, -1) = -1
               ELSE b.expected::bigint <> coalesce(st.version, -1)
             END THEN 'wrong_expected_version'
        ELSE 'appended'
      END AS outcome
      FROM b
      JOIN sizes ON sizes.n = b.n
      LEFT JOIN ${s}.streams st ON st.stream_id = b.stream_id
      LEFT JOIN found ON found.n = b.n
  )
  SELECT array_agg(c.outcome ORDER BY c.n), array_agg(c.version ORDER BY c.n),
         array_agg(c.size ORDER BY c.n), array_agg(c.newest ORDER BY c.n),
         coalesce(sum(c.size) FILTER (WHERE c.outcome = 'appended'), 0)
    INTO v_outcomes, v_versions, v_counts, v_retry_positions, v_total
    FROM checked c;

  IF v_total > 0 THEN
    -- As in append_events: the transaction id and every position of the call under the store-wide
    -- lock, held only for that; positions go to the accepted batches in the order given.
    PERFORM pg_advisory_lock(${lockKey(schema)});
    v_tx := pg_current_xact_id();
    SELECT array_agg(nextval('${schema}.global_position') ORDER BY g) INTO v_positions
      FROM generate_series(1, v_total) AS g;
    PERFORM pg_advisory_unlock(${lockKey(schema)});

    INSERT INTO ${s}.events (global_position, tx_id, event_id, stream_id, stream_position, type, data, metadata)
    SELECT v_positions[k.rank::int], v_tx, k.id, p_streams[k.n], v_versions[k.n] + k.within, k.t, k.d, k.m
      FROM (
        SELECT u.id, u.t, u.d, u.m, u.n,
               row_number() OVER (ORDER BY u.i) AS rank,
               row_number() OVER (PARTITION BY u.n ORDER BY u.i) AS within
          FROM unnest(p_ids, p_types, p_data, p_metadata, p_batch) WITH ORDINALITY AS u(id, t, d, m, n, i)
         WHERE v_outcomes[u.n] = 'appended'
      ) k;

    INSERT INTO ${s}.streams AS st (stream_id, version)
    SELECT p_streams[g], v_versions[g] + v_counts[g]
      FROM generate_subscripts(p_streams, 1) AS g
     WHERE v_outcomes[g] = 'appended'
    ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, updated_at = now();

    PERFORM pg_notify(${notifyChannelLiteral(schema)}, v_positions[v_total]::text);
  END IF;

  RETURN QUERY
  SELECT r.g, r.outcome,
    CASE WHEN r.outcome = 'appended' THEN r.version + r.size ELSE r.version END,
    CASE r.outcome
      WHEN 'appended' THEN v_positions[(sum(r.size) FILTER (WHERE r.outcome = 'appended') OVER (ORDER BY r.g))::int]
      WHEN 'retry' THEN r.newest
    END
    FROM (
      SELECT g::int AS g, v_outcomes[g] AS outcome, v_versions[g] AS version, v_counts[g] AS size,
             v_retry_positions[g] AS newest
        FROM generate_subscripts(p_streams, 1) AS g
    ) r
   ORDER BY r.g;
END;
$fn$;
`;
}

/** Only events of transactions that have all ended below them are safe to hand to readers. */
export const SAFE_TO_READ = 'tx_id < pg_snapshot_xmin(pg_current_snapshot())';

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name '${name}'`);
  return `"${name}"`;
}

/** A stable 63-bit key per schema, so stores in different schemas of one database never wait on each other. */
export function lockKey(schema: string): string {
  let hash = 1469598103934665603n;
  for (const char of `sabaq.event-store.${schema}`) {
    hash ^= BigInt(char.codePointAt(0) ?? 0);
    hash = (hash * 1099511628211n) & 0x7fffffffffffffffn;
  }
  return hash.toString();
}

/** The first key of the per-stream advisory locks (the second is the stream id's hash). */
export function streamLockNamespace(schema: string): number {
  return Number(BigInt(lockKey(`${schema}.streams`)) & 0x7fffffffn);
}

export function notifyChannel(schema: string): string {
  return `${schema}_events_appended`;
}

function notifyChannelLiteral(schema: string): string {
  return `'${notifyChannel(schema)}'`;
}
