import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names what it builds under assets/ by content hash: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (which names the current assets) and unhashed files: revalidated on every load (ETag). */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app (docs/web.md, "Serving"): hashed assets cached for a year without
 * revalidation, so a warm load asks the server only for index.html; the `.br`/`.gz` files the build
 * wrote beside each asset are sent to browsers that accept them, so nothing is compressed per request.
 */
export async function registerWebFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    // The compressed copies are served in place of their originals, not as files of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = filePath.slice(root.length).replaceAll('\\', '/');
      reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
}
