-- Proctoring actions for the analysts: one row per action, filled from the events table by a
-- materialised view, so every batch the analytics projection inserts into events (through its
-- BatchingWriter) fills this table in the same insert, and no other writer is needed. Replays insert
-- the same rows again; the ReplacingMergeTree folds them (read with FINAL, or GROUP BY the key).
CREATE TABLE IF NOT EXISTS proctoring_actions
(
    school_id       LowCardinality(String),
    assignment_id   String,
    attempt_id      String,
    student_id      String,
    action_id       String,
    action_type     LowCardinality(String),
    is_warning      UInt8,
    -- client (the student's browser), server (AI re-analysis) or proctor; version 1 events: client.
    source          LowCardinality(String),
    initiator_id    String,
    -- The client's time of the action when it sent one, else when it was stored.
    occurred_at     DateTime64(3, 'UTC'),
    recorded_at     DateTime64(3, 'UTC'),
    global_position UInt64
)
-- The version: a replayed action keeps its latest position in the log.
ENGINE = ReplacingMergeTree(global_position)
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (
    -- Every query is one school's (the analyst's): other schools' granules are skipped.
    school_id,
    -- Violations over time: a date range prunes granules inside the school.
    toDate(occurred_at),
    -- Per-assignment reports are the most common question after dates.
    assignment_id,
    -- Counts by type within an assignment read contiguous rows.
    action_type,
    -- Last, so the key is unique per action: the deduplication key.
    action_id
);

CREATE MATERIALIZED VIEW IF NOT EXISTS proctoring_actions_from_events TO proctoring_actions AS
SELECT
    school_id,
    JSONExtractString(data, 'assignmentId') AS assignment_id,
    JSONExtractString(data, 'attemptId') AS attempt_id,
    JSONExtractString(data, 'studentId') AS student_id,
    event_id AS action_id,
    JSONExtractString(data, 'actionType') AS action_type,
    toUInt8(JSONExtractBool(data, 'isWarning')) AS is_warning,
    if(JSONHas(data, 'source'), JSONExtractString(data, 'source'), 'client') AS source,
    JSONExtractString(data, 'initiatorId') AS initiator_id,
    ifNull(occurred_at, recorded_at) AS occurred_at,
    recorded_at,
    global_position
FROM events
WHERE type = 'ProctoringActionRecorded';

-- Actions copied to events before this view existed; running this twice only adds copies the
-- ReplacingMergeTree folds away.
INSERT INTO proctoring_actions
SELECT
    school_id,
    JSONExtractString(data, 'assignmentId'),
    JSONExtractString(data, 'attemptId'),
    JSONExtractString(data, 'studentId'),
    event_id,
    JSONExtractString(data, 'actionType'),
    toUInt8(JSONExtractBool(data, 'isWarning')),
    if(JSONHas(data, 'source'), JSONExtractString(data, 'source'), 'client'),
    JSONExtractString(data, 'initiatorId'),
    ifNull(occurred_at, recorded_at),
    recorded_at,
    global_position
FROM events
WHERE type = 'ProctoringActionRecorded';
