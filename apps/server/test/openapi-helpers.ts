import type { FastifyInstance } from 'fastify';

/** `METHOD /path` of every route the OpenAPI document lists under `prefix` (or matching it), sorted. */
export function documentedRoutes(app: FastifyInstance, prefix: string | RegExp): string[] {
  const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  const wanted = (path: string) => (typeof prefix === 'string' ? path.startsWith(prefix) : prefix.test(path));
  return Object.entries(paths)
    .filter(([path]) => wanted(path))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}
