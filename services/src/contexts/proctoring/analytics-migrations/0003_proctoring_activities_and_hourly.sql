-- Proctoring activities (what a student opened or answered), filled like proctoring_actions: a
-- materialised view over the analytics projection's batched inserts into events; replays fold.
CREATE TABLE IF NOT EXISTS proctoring_activities
(
    school_id       LowCardinality(String),
    assignment_id   String,
    attempt_id      String,
    student_id      String,
    activity_id     String,
    activity_type   LowCardinality(String),
    chapter_id      String,
    component_id    String,
    occurred_at     DateTime64(3, 'UTC'),
    global_position UInt64
)
ENGINE = ReplacingMergeTree(global_position)
PARTITION BY toYYYYMM(occurred_at)
-- The school first (every query is one school's), then the day, the assignment and the type; the id
-- last makes the key unique per activity, the deduplication key.
ORDER BY (school_id, toDate(occurred_at), assignment_id, activity_type, activity_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS proctoring_activities_from_events TO proctoring_activities AS
SELECT
    school_id,
    JSONExtractString(data, 'assignmentId') AS assignment_id,
    JSONExtractString(data, 'attemptId') AS attempt_id,
    JSONExtractString(data, 'studentId') AS student_id,
    event_id AS activity_id,
    JSONExtractString(data, 'activityType') AS activity_type,
    JSONExtractString(data, 'chapterId') AS chapter_id,
    JSONExtractString(data, 'componentId') AS component_id,
    ifNull(occurred_at, recorded_at) AS occurred_at,
    global_position
FROM events
WHERE type = 'ProctoringActivityRecorded';

-- Actions per school, assignment, hour and type, kept as sets of action ids (uniqExact states), so a
-- replayed action is counted once without FINAL: the dashboards' violations over time and by assignment.
CREATE TABLE IF NOT EXISTS proctoring_actions_hourly
(
    school_id     LowCardinality(String),
    assignment_id String,
    hour          DateTime('UTC'),
    action_type   LowCardinality(String),
    actions       AggregateFunction(uniqExact, String),
    attempts      AggregateFunction(uniqExact, String)
)
ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(hour)
ORDER BY (school_id, hour, assignment_id, action_type);

CREATE MATERIALIZED VIEW IF NOT EXISTS proctoring_actions_hourly_from_actions TO proctoring_actions_hourly AS
SELECT
    school_id,
    assignment_id,
    toStartOfHour(occurred_at) AS hour,
    action_type,
    uniqExactState(action_id) AS actions,
    uniqExactState(attempt_id) AS attempts
FROM proctoring_actions
GROUP BY school_id, assignment_id, hour, action_type;

-- What proctoring_actions already held when the hourly view was made (a second run adds the same ids
-- to the same sets: nothing changes).
INSERT INTO proctoring_actions_hourly
SELECT
    school_id,
    assignment_id,
    toStartOfHour(occurred_at) AS hour,
    action_type,
    uniqExactState(action_id),
    uniqExactState(attempt_id)
FROM proctoring_actions
GROUP BY school_id, assignment_id, hour, action_type;

-- Activities already copied to events before their view existed.
INSERT INTO proctoring_activities
SELECT
    school_id,
    JSONExtractString(data, 'assignmentId'),
    JSONExtractString(data, 'attemptId'),
    JSONExtractString(data, 'studentId'),
    event_id,
    JSONExtractString(data, 'activityType'),
    JSONExtractString(data, 'chapterId'),
    JSONExtractString(data, 'componentId'),
    ifNull(occurred_at, recorded_at),
    global_position
FROM events
WHERE type = 'ProctoringActivityRecorded';
