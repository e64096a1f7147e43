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
