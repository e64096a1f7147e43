/** The part of GET /health the browser tests compare the page against. */
export interface HealthAnswer {
  status: string;
  components: { name: string; kind: string; status: string }[];
  projections: { name: string; status: string }[];
}

/** Waits until every component reports up: the page is checked against a platform at rest. */
export async function waitForAllUp(url: string, timeoutMs = 60_000): Promise<HealthAnswer> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const answer = (await (await fetch(`${url}/health`)).json()) as HealthAnswer;
      if (answer.components.length > 0 && answer.components.every((c) => c.status === 'up')) return answer;
      last = answer;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`components not all up within ${timeoutMs} ms; last answer: ${JSON.stringify(last)}`);
}
