/** The part of GET /health the browser tests compare the page against. */
export interface HealthAnswer {
  status: string;
  components: { name: string; kind: string; status: string; detail?: string | null }[];
  projections: { name: string; status: string }[];
}

/**
 * Waits until every component reports up and every projection is live (has read the seeded demo data):
 * the page is checked against a platform at rest, and a list read right after start is not empty
 * because its projection was still catching up on a loaded machine.
 */
export async function waitForAllUp(url: string, timeoutMs = 60_000): Promise<HealthAnswer> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const answer = (await (await fetch(`${url}/health`)).json()) as HealthAnswer;
      const componentsUp = answer.components.length > 0 && answer.components.every((c) => c.status === 'up');
      if (componentsUp && answer.projections.every((p) => p.status === 'live')) return answer;
      last = answer;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `components not all up or projections not all live within ${timeoutMs} ms; last answer: ${JSON.stringify(last)}`,
  );
}
