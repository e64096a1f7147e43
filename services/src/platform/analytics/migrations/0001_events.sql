-- Every stored event, for ad-hoc analysis. Filled by the analytics projection from the global log;
-- replays and retries insert the same rows again, which the ReplacingMergeTree folds together.
-- Timestamps carry 'UTC' so toDate() below gives the same day on every host, whatever its zone
-- (chdb runs in the host's zone): a key that shifted with the zone would break deduplication.
CREATE TABLE IF NOT EXISTS events
(
    school_id       LowCardinality(String),
    context         LowCardinality(String),
    type            LowCardinality(String),
    stream_id       String,
    event_id        String,
    global_position UInt64,
    recorded_at     DateTime64(3, 'UTC'),
    occurred_at     Nullable(DateTime64(3, 'UTC')),
    -- The event's payload as JSON text: read with JSONExtract*(data, ...); ZSTD because JSON repeats itself.
    data            String CODEC(ZSTD(3)),
    -- One attempt's timeline is a frequent question: let it skip granules that hold no such stream.
    INDEX stream_id_idx stream_id TYPE bloom_filter(0.01) GRANULARITY 4
)
-- The version: a re-imported event keeps its latest position in the log.
ENGINE = ReplacingMergeTree(global_position)
-- Monthly parts let retention drop whole months at once (recordings and biometric data expire).
PARTITION BY toYYYYMM(recorded_at)
ORDER BY (
    -- Every query is one school's: its rows sit together and other schools' granules are skipped.
    school_id,
    -- Reports are per day or per period: a date range prunes granules inside the school.
    toDate(recorded_at),
    -- Most questions are about a few event types (violations, answers) within those days.
    type,
    -- Last, so the sorting key is unique per event: it is the deduplication key, and a replayed event
    -- (same id, same recorded_at, same type) replaces its earlier copy.
    event_id
);
