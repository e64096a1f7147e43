-- Lasting conditions (docs/proctoring.md "Conditions"): an action may be a phase (begin, heartbeat,
-- end) of a condition the client reports as one interval. The rows keep the condition's id and phase,
-- and the counts take a condition once (its attempt and id), however many phases it sent, as the
-- timeline does. Point signals (no condition) count one each, as before.
ALTER TABLE proctoring_actions ADD COLUMN IF NOT EXISTS condition_id String DEFAULT '';

ALTER TABLE proctoring_actions ADD COLUMN IF NOT EXISTS condition_phase LowCardinality(String) DEFAULT '';

-- The views are made again with the new columns: ClickHouse cannot change a view's query in place.
DROP VIEW IF EXISTS proctoring_actions_hourly_from_actions;

DROP VIEW IF EXISTS proctoring_actions_from_events;

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
    global_position,
    JSONExtractString(data, 'condition', 'id') AS condition_id,
    JSONExtractString(data, 'condition', 'phase') AS condition_phase
FROM events
WHERE type = 'ProctoringActionRecorded';

-- Phases copied before the view knew them: the same rows again with their condition (the
-- ReplacingMergeTree keeps one per action).
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
    global_position,
    JSONExtractString(data, 'condition', 'id'),
    JSONExtractString(data, 'condition', 'phase')
FROM events
WHERE type = 'ProctoringActionRecorded' AND JSONExtractString(data, 'condition', 'id') != '';

-- The hourly sets count a condition once per hour it was going on in (its attempt and id), a point
-- once. Made again for the same reason as above (created last, so the copy below does not count the
-- phases one by one).
CREATE MATERIALIZED VIEW IF NOT EXISTS proctoring_actions_hourly_from_actions TO proctoring_actions_hourly AS
SELECT
    school_id,
    assignment_id,
    toStartOfHour(occurred_at) AS hour,
    action_type,
    uniqExactState(if(condition_id = '', action_id, concat('condition:', attempt_id, ':', condition_id))) AS actions,
    uniqExactState(attempt_id) AS attempts
FROM proctoring_actions
GROUP BY school_id, assignment_id, hour, action_type;
