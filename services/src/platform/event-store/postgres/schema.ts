/**
 * The PostgreSQL event store's tables and its append function, created idempotently at start.
 *
 * Global order without gaps: every append takes one transaction-scoped advisory lock, then draws its
 * positions from the one-row head counter, and keeps the lock until commit. Commits therefore become
 * visible in position order, so a reader that has seen position P can never later find a committed
 * event below P (the gap problem of sequence-numbered stores), and a rolled-back append gives its
 * positions back, so the log has no holes either. The lock is taken inside one server-side function
 * call, so it is held for the insert itself, not for client round trips.
 */
export function schemaSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}.head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  position bigint NOT NULL
);
INSERT INTO ${s}.head (id, position) VALUES (true, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS ${s}.streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${s}.events (
  global_position bigint PRIMARY KEY,
  event_id text NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_position bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_position)
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
  v_last bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(${lockKey(schema)});

  SELECT count(*), count(*) FILTER (WHERE e.stream_id = p_stream)
    INTO v_existing, v_existing_here
    FROM ${s}.events e WHERE e.event_id = ANY (p_ids);
  SELECT st.version INTO v_version FROM ${s}.streams st WHERE st.stream_id = p_stream;
  v_version := coalesce(v_version, -1);

  IF v_existing > 0 THEN
    IF v_existing = v_count AND v_existing_here = v_count THEN
      SELECT max(e.global_position) INTO v_last FROM ${s}.events e WHERE e.event_id = ANY (p_ids);
      RETURN QUERY SELECT 'retry'::text, v_version, v_last;
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

  UPDATE ${s}.head h SET position = h.position + v_count RETURNING h.position INTO v_last;
  INSERT INTO ${s}.events (global_position, event_id, stream_id, stream_position, type, data, metadata)
  SELECT v_last - v_count + i.n, i.id, p_stream, v_version + i.n, i.t, i.d, i.m
    FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS i(id, t, d, m, n);

  v_version := v_version + v_count;
  INSERT INTO ${s}.streams AS st (stream_id, version) VALUES (p_stream, v_version)
    ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, updated_at = now();

  PERFORM pg_notify(${notifyChannelLiteral(schema)}, v_last::text);
  RETURN QUERY SELECT 'appended'::text, v_version, v_last;
END;
$fn$;
`;
}

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

export function notifyChannel(schema: string): string {
  return `${schema}_events_appended`;
}

function notifyChannelLiteral(schema: string): string {
  return `'${notifyChannel(schema)}'`;
}
