import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
}

/** Rounds to `digits` decimals. */
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One figure, its value and baseline rounded to `digits` decimals, the ratio (to two) from the unrounded
 * values, so a small baseline does not skew it.
 */
export function figure(
  bench: string,
  metric: string,
  value: number,
  baseline: number | null,
  unit: string,
  digits = 0,
): Figure {
  return {
    bench,
    metric,
    value: round(value, digits),
    unit,
    baseline: baseline === null ? null : round(baseline, digits),
    ratio: baseline ? round(value / baseline, 2) : null,
  };
}

const FILE = 'docs/benchmarks.md';
const HEADER = `# Benchmarks

Each line is one figure from \`npm run bench -- <name>\`, as JSON, next to a baseline measured in the same
run on the same machine (so ratios survive noisy machines). A new run replaces the lines of its figures.
Machine of the last run of each: see the \`host\` field.

- \`ingest\`: \`append_events_per_s\`, event-store appends in batches of 100 from 4 writers, against a raw
  multi-row INSERT of the same rows into a plain table (target: ratio ≥ 0.5);
  \`subscription_lag_p99_ms\` / \`_p50_ms\`, append start → delivery to a subscription while appending
  at \`lag_test_rate\` events/s, against a raw INSERT + NOTIFY seen by a LISTEN client (target: p99 under
  1,000 ms at 5,000 events/s).
- \`api\`: \`record_get_*\` (\`GET /api/languages/ru\`, one record through the generic record API) and
  \`list_page_*\` (\`GET /api/students?page=1&limit=25\` as the demo manager), each driven by autocannon
  at 100 connections for 10 s against the real embedded platform, next to a bare Fastify route answering
  a constant JSON in the same process and run (targets: \`_requests_per_s\` ratio ≥ 0.4, and \`_p99_ms\`
  under 50 ms). Repeated reads are served from the api's read-model cache (docs/records-api.md,
  "Caching"), as they are in production; every request is still authenticated and authorised.
- \`code-runner\`: \`<language>_submission_p50_ms\`, one code submission (syntax check + one test, each in
  its own sandbox) at a time, against the same two interpreter starts spawned bare;
  \`<language>_submissions_per_s\`, a burst through the shared pool (one slot per CPU) against bare
  spawns at the same concurrency. The \`sandbox\` host field says whether namespaces were available.
- \`web\`: gzipped download sizes of the built web app: \`initial_js_gzip_kb\` (what the first page
  needs) against a bare React + ReactDOM bundle built in the same run, its share of the 300 KB budget,
  the shell and each area's screens on top (\`area_<t|s|m|p|a>_js_gzip_kb\`) and the initial CSS;
  \`timeline_10k_render_ms\`, the proctor's timeline of 10,000 actions (target 500 ms), and the rows it
  drew; the exam page on the demo platform in Chromium with a fake camera and microphone, the default
  settings (every client detector on) and about 20 s of exam once the detectors answer:
  \`exam_longest_task_ms\` (the page's longest main-thread task since the exam started, model loading
  included, against issue 9's 50 ms; 0 when none passed 50 ms, the long-task observer sees no others),
  \`exam_long_tasks\` (tasks over 50 ms) and \`exam_detector_main_ms\` (the longest a detector's message
  took on the page, against the browser test's 25 ms). The run fails over 50 ms only up to a load of 2
  per core, as the browser tests do; the host field has the load average at the start
  (\`load_avg_start\`) and at the exam's end (\`exam_load_avg\`); page loads on the demo platform in
  Chromium (\`web-navigation.ts\`, median of \`BENCH_ROUNDS\` (5) loads, ratios against a tiny HTML page
  from a bare Fastify loaded cold in the same run, \`nav_baseline_tiny_html_load_ms\`): per area
  (\`t s m p a an\`, each with its own demo account already signed in), the main page \`cold\` (fresh
  browser profile) and \`warm\` (loaded again in the same profile): \`nav_<area>_<cold|warm>_response_start_ms\`,
  \`_dom_content_loaded_ms\`, \`_load_ms\` (Navigation Timing) and \`_ready_ms\` (the page's heading in the
  document); \`nav_sign_in_to_home_ms\`, the demo teacher's password form submitted → the home page's
  heading and school name, and \`nav_sign_in_requests\` between them (target of issue 18: each under
  1,500 ms on a quiet machine; \`npm run bench -- web navigation\` runs these alone).
- \`ai\`: the server's re-analysis of the accuracy video (real pictures and sound with known segments,
  docs/ai-analysis.md) in seconds of recording per second, against ffmpeg decoding the same video and
  doing nothing else in the same run: \`analysis_x_realtime_core\` (face, pose and identity on frames at
  2/s, voice activity and loudness on every second, no object detector, no eyes; target ≥ 20× real
  time), \`analysis_x_realtime_core_eyes\` (the same with the eyes-away check, the iris model once a
  second), \`analysis_x_realtime_full\` (the whole pipeline as the analyzer runs it; target: ratio ≥
  0.33) and \`analysis_x_realtime_full_before\` (the same without the cascade, docs/ai-analysis.md,
  in the same run); \`analysis_cpu_x_realtime_*\`, the same per CPU second (all threads and ffmpeg),
  which the machine's load changes much less; \`<model>_ms_per_frame\`, \`eyes_ms_per_reading\` (the iris
  model's computing per reading of both eyes); per detector of the cascade \`<detector>_looked_frames\`
  (\`voice_activity_looked_seconds\`: what it ran on, against what it answered for) and
  \`<detector>_time_share\` (its share of the models' time), also in the host field's \`detectors\`;
  \`<recording>.<type>.precision\` and \`.recall\` per detector on each accuracy recording
  (docs/ai-analysis.md, "Accuracy": over time with a 1-s collar; \`segments\` is the video above,
  \`all\` pools the recordings). The host field has the load average at the start.
- \`transcode\`: a 60-s 640×480 VP8 and Opus recording in 5-s chunks converted to HLS, in multiples of
  real time: \`hls_x_realtime\` (the transcoder's ffmpeg step) and \`conversion_x_realtime\` (the whole
  conversion on the embedded platform, from the playlist's upload to the state \`converted\`), against a
  plain ffmpeg run with the same settings (target: ratio ≥ 0.67).
- \`proctoring\`: a class of 1,000 students (\`--students N\`; also \`--seconds\`, \`--ws-share\`,
  \`--http-sockets\`, \`--no-record\`, \`--profile <file>\` for a CPU profile of the load alone and
  \`--count-queries\`) on the embedded platform, each sending one proctoring action
  a second for 30 s after a 5-s warm-up (half \`POST /api/assignment/actions\`, each on its own
  keep-alive connection, half \`proctoring.actions\` frames on their sockets) while the demo proctor's
  socket listens on the assignment: \`accepted_actions_per_s\` (answers within the window) against the
  raw event-store append rate of single-event appends from 32 writers in the same run (the ceiling of
  one append per action), \`accepted_vs_many_append_per_s\` the same figure against raw many-stream
  appends of 200 attempts' events from 2 writers (the ceiling of the ingest's group commit),
  \`offered_actions_per_s\` against the students count; \`timeline_lag_p99_ms\`
  / \`_p50_ms\`, an action's answer → its row in the read model, written in the same transaction as its
  attempt's timeline (every 10th action, polled every 20 ms; baseline: the 1,000 ms target);
  \`fanout_p99_ms\` / \`_p50_ms\`, sending → the proctor's socket; \`http_answer_p99_ms\`,
  \`ws_ack_p99_ms\`; \`db_transactions_per_action\` against the same count per raw append (both with
  the projections and the live feed behind them), a cost the machine's load does not change;
  \`platform_cpu_ms_per_action\` and \`postgres_cpu_ms_per_action\`, the CPU the platform process and its
  embedded PostgreSQL used per accepted action over the load (docs/capacity.md builds on them); \`errors\`:
  refused or unanswered actions, pushes and timeline rows that never came (target of issue 21: 3,000
  students on 2 cores, every action accepted, timeline lag p99 under 1 s and fan-out p99 under 200 ms; see
  docs/proctoring.md, "Load").
- \`proctoring-distributed\`: the same load (\`npm run bench -- proctoring --distributed\`, same flags, and
  \`--partitions N\`, 6 by default) against the distributed topology's api, persister, projector and relay
  roles, each a separate process (\`services/src/roles/main.ts <role>\`), over librdkafka's mock Kafka
  cluster, one embedded PostgreSQL (also the event store: KurrentDB cannot run here), an S3 server and
  chdb (docs/distributed.md, "The distributed path under load"): the embedded bench's figures (accepted
  actions/s against the raw append rates of the same run, \`accepted_actions\` against those sent,
  timeline lag, fan-out to the proctor's socket on the api process, answer times, errors), plus
  \`relay_lag_p99_ms\` / \`_p50_ms\` (an action's answer → its event read back from \`events.proctoring\`)
  and \`<role>_cpu_ms_per_action\` for each role process and PostgreSQL.
- \`chat\`: 1,000 students of the demo school in 30 classes of the demo teacher on the embedded platform,
  each with a realtime socket on loopback listening on their class's chat (the teacher's on all 30),
  while each chat's students take turns posting 1 message a second into it for 30 s after a 5-s
  warm-up (\`POST /api/chat-messages\`): \`messages_per_s\` (the window's posts answered 201, over the
  time until the last of them was answered) against
  the raw event-store append rate of single-event appends from 32 writers in the same run (the ceiling
  of one append per post), \`offered_messages_per_s\`; \`delivery_p99_ms\` / \`_p50_ms\`, sending a post
  → its \`post-message\` on every participant's socket (target: p99 under 200 ms); \`post_answer_p99_ms\`;
  \`errors\`: refused posts, deliveries missing after 15 s or received twice (docs/chat.md, "Load").
- \`shop\`: checkout end to end on the embedded platform with the embedded test provider, \`BENCH_BUYERS\`
  (20) students buying \`BENCH_ROUNDS\` (5) times each, all at once (basket add, payment, the Pay press,
  the grant readable): \`checkout_orders_per_s\` against the raw event-store append rate of single-event
  appends from as many writers in the same run; \`callback_to_access_p99_ms\` / \`_p50_ms\`, the Pay
  press (the signed callback) → the grant in \`GET /api/shop/grants.json\` (fulfilment process and grants
  projection); \`errors\` (docs/shop.md, "Load").

`;

/** Prints each figure as one JSON line and records it in docs/benchmarks.md, replacing its previous line. */
export function record(figures: Figure[], host: Record<string, unknown>): void {
  const lines = new Map<string, string>();
  if (existsSync(FILE)) {
    for (const line of readFileSync(FILE, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const parsed = JSON.parse(line) as Figure;
        lines.set(`${parsed.bench}/${parsed.metric}`, line);
      } catch {
        // a hand-edited line that is not JSON is dropped
      }
    }
  }
  for (const figure of figures) {
    const line = JSON.stringify({ ...figure, at: new Date().toISOString(), host });
    console.log(JSON.stringify(figure));
    lines.set(`${figure.bench}/${figure.metric}`, line);
  }
  const sorted = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  writeFileSync(FILE, `${HEADER}${sorted.join('\n')}\n`);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
