/**
 * The numbers of the code runner in one place. The specification (001 §5) fixes only the bounds a
 * teacher may set: a memory limit in bytes not below 2048 and a time limit in ms "not above 15.0",
 * read here as at most 15 s (15,000 ms), the only reading under which a millisecond limit makes sense.
 * Everything else is ours, and docs/code-runner.md explains each value.
 */

/** Specification 001 §5: a test's memory limit may not be set below 2048 bytes. */
export const MIN_MEMORY_LIMIT_BYTES = 2048;
/** Specification 001 §5 "not above 15.0", read as 15 seconds. */
export const MAX_TIME_LIMIT_MS = 15_000;

/** A student's program is a page of code, not a data file; larger sources are refused (422). */
export const MAX_SOURCE_BYTES = 64 * 1024;
export const MAX_TESTS = 100;
/** Test input and expected output each; they are held in memory while the test runs. */
export const MAX_TEST_TEXT_BYTES = 8 * 1024 * 1024;

/** Captured stdout and stderr per run; more is the output_limit error (stdout may grow to 2× the expected output). */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 64 * 1024;
/** How much of stdout and stderr a report carries. */
export const DEFAULT_REPORT_CHARS = 4096;

/** The writable /tmp of a sandbox (a tmpfs): the program's only writable place. */
export const SANDBOX_TMP_BYTES = 16 * 1024 * 1024;
/** Processes and threads per sandbox (RLIMIT_NPROC, counted per sandbox user): Node needs about a dozen threads. */
export const SANDBOX_MAX_PROCESSES = 64;
export const SANDBOX_MAX_OPEN_FILES = 64;

/** The syntax check run once per submission before its tests. */
export const CHECK_TIME_LIMIT_MS = 10_000;
export const CHECK_MEMORY_LIMIT_BYTES = 512 * 1024 * 1024;

/** Building a sandbox (namespaces, mounts) is not the program's time; a setup that hangs this long is a server fault. */
export const SANDBOX_SETUP_TIMEOUT_MS = 20_000;
/** How often the memory watch reads the program's peak resident memory. */
export const MEMORY_POLL_MS = 10;
/** Every this many polls it also looks for processes the program forked (Python may fork; Node may not). */
export const MEMORY_SCAN_EVERY = 10;
/**
 * Node cannot run under RLIMIT_AS (V8 reserves far more address space than it uses), so its kernel
 * backstop is RLIMIT_DATA set this far above the limit: the memory watch enforces the limit itself,
 * and the backstop only bounds what a single allocation can take between two polls.
 */
export const NODE_DATA_BACKSTOP_BYTES = 128 * 1024 * 1024;

/**
 * Sandbox users: uid = base + pid × SLOTS_PER_PROCESS + slot, unique per running process and slot
 * (with PIDs up to 2^22, the largest is about 1.07 × 10^9, below 2^31).
 */
export const SANDBOX_UID_BASE = 1_000_000;
export const SLOTS_PER_PROCESS = 256;
export const MAX_POOL_SIZE = 64;
/** Runs waiting for a slot beyond this are refused with 429 rather than queued without bound. */
export const DEFAULT_MAX_QUEUE = 1000;

/**
 * The specification sets no upper bound on a test's memory limit; the server does: a larger limit is
 * run with this one (a machine shared by many runs cannot promise more).
 */
export const MAX_MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;
