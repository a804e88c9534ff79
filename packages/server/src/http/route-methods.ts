import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function toPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
    .replace(/\/$/, '');
  // The router ignores a trailing slash, so does this.
  return new RegExp(`^${source}/?$`);
}

/**
 * Remembers the method of every concrete route (wildcards excluded), so that a known path asked
 * with the wrong method is answered 405 with an Allow header instead of 404.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const known = routes.get(route.url) ?? {
      pattern: toPattern(route.url),
      methods: new Set<string>(),
    };
    for (const method of [route.method].flat()) {
      if (method === 'OPTIONS') continue;
      known.methods.add(method);
      if (method === 'GET') known.methods.add('HEAD');
    }
    routes.set(route.url, known);
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes.values()) {
      if (route.pattern.test(path)) route.methods.forEach((method) => allowed.add(method));
    }
    return [...allowed].sort();
  };
}
