-- Attempts for the analysts' dashboards (time to finish) and console: one row per attempt once merged,
-- filled from the events table by a materialised view, as proctoring_actions is. An attempt's start and
-- finish are two events, so each event inserts a partial row and the AggregatingMergeTree folds them:
-- started_at keeps the earliest start, finished_at the latest finish (a reopened attempt finished again
-- moves it on). min and max ignore NULLs and give the same answer however often a replay inserts the same
-- rows, so no version column is needed. Read with min()/max() GROUP BY attempt (the console's view does).
CREATE TABLE IF NOT EXISTS assignment_attempts
(
    school_id     LowCardinality(String),
    assignment_id String,
    attempt_id    String,
    student_id    String,
    started_at    SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))),
    finished_at   SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC')))
)
ENGINE = AggregatingMergeTree
-- Every query is one school's; dashboards go per assignment; the attempt makes the key one attempt (its
-- student, the same in each of its rows, is in the key only so merges keep it). No date in the key: an
-- attempt's two rows carry different times and must merge into one.
ORDER BY (school_id, assignment_id, attempt_id, student_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS assignment_attempts_from_events TO assignment_attempts AS
SELECT
    school_id,
    JSONExtractString(data, 'assignment_id') AS assignment_id,
    JSONExtractString(data, 'attempt_id') AS attempt_id,
    JSONExtractString(data, 'student_id') AS student_id,
    if(type = 'AssignmentAttemptStarted',
       parseDateTime64BestEffortOrNull(JSONExtractString(data, 'started_at'), 3, 'UTC'), NULL) AS started_at,
    if(type = 'AssignmentAttemptFinished',
       parseDateTime64BestEffortOrNull(JSONExtractString(data, 'finished_at'), 3, 'UTC'), NULL) AS finished_at
FROM events
WHERE type IN ('AssignmentAttemptStarted', 'AssignmentAttemptFinished');

-- Attempts copied to events before the view existed (a second run inserts rows that fold away).
INSERT INTO assignment_attempts
SELECT
    school_id,
    JSONExtractString(data, 'assignment_id'),
    JSONExtractString(data, 'attempt_id'),
    JSONExtractString(data, 'student_id'),
    if(type = 'AssignmentAttemptStarted',
       parseDateTime64BestEffortOrNull(JSONExtractString(data, 'started_at'), 3, 'UTC'), NULL),
    if(type = 'AssignmentAttemptFinished',
       parseDateTime64BestEffortOrNull(JSONExtractString(data, 'finished_at'), 3, 'UTC'), NULL)
FROM events
WHERE type IN ('AssignmentAttemptStarted', 'AssignmentAttemptFinished');
