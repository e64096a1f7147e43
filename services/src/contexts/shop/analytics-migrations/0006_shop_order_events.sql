-- The shop's money and funnel for the analysts: one row per order event that counts (a basket opened, a
-- payment started, declined, refused, an order paid, refunded), filled from the events table by a
-- materialised view, as the proctoring tables are. Amounts are minor units with their ISO currency,
-- never floats. Replays insert the same rows again, which the ReplacingMergeTree folds by event id.
CREATE TABLE IF NOT EXISTS shop_order_events
(
    school_id       LowCardinality(String),
    order_id        String,
    user_id         String,
    -- opened | payment_started | declined | callback_refused | paid | refunded
    kind            LowCardinality(String),
    payment_id      String,
    amount          Int64,
    currency        LowCardinality(String),
    occurred_at     DateTime64(3, 'UTC'),
    event_id        String,
    global_position UInt64
)
ENGINE = ReplacingMergeTree(global_position)
PARTITION BY toYYYYMM(occurred_at)
-- Every query is one school's, over a period, about a few kinds (revenue: paid and refunded).
ORDER BY (school_id, toDate(occurred_at), kind, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS shop_order_events_from_events TO shop_order_events AS
SELECT
    school_id,
    JSONExtractString(data, 'id') AS order_id,
    JSONExtractString(data, 'user_id') AS user_id,
    multiIf(type = 'OrderOpened', 'opened', type = 'PaymentStarted', 'payment_started',
            type = 'PaymentDeclined', 'declined', type = 'PaymentCallbackRefused', 'callback_refused',
            type = 'OrderPaid', 'paid', 'refunded') AS kind,
    JSONExtractString(data, 'payment_id') AS payment_id,
    JSONExtractInt(data, 'amount') AS amount,
    JSONExtractString(data, 'currency') AS currency,
    coalesce(parseDateTime64BestEffortOrNull(JSONExtractString(data, 'at'), 3, 'UTC'), recorded_at) AS occurred_at,
    event_id,
    global_position
FROM events
WHERE type IN ('OrderOpened', 'PaymentStarted', 'PaymentDeclined', 'PaymentCallbackRefused', 'OrderPaid', 'OrderRefunded');

-- Order events copied to events before the view existed.
INSERT INTO shop_order_events
SELECT
    school_id,
    JSONExtractString(data, 'id'),
    JSONExtractString(data, 'user_id'),
    multiIf(type = 'OrderOpened', 'opened', type = 'PaymentStarted', 'payment_started',
            type = 'PaymentDeclined', 'declined', type = 'PaymentCallbackRefused', 'callback_refused',
            type = 'OrderPaid', 'paid', 'refunded'),
    JSONExtractString(data, 'payment_id'),
    JSONExtractInt(data, 'amount'),
    JSONExtractString(data, 'currency'),
    coalesce(parseDateTime64BestEffortOrNull(JSONExtractString(data, 'at'), 3, 'UTC'), recorded_at),
    event_id,
    global_position
FROM events
WHERE type IN ('OrderOpened', 'PaymentStarted', 'PaymentDeclined', 'PaymentCallbackRefused', 'OrderPaid', 'OrderRefunded');
