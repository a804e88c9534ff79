import { describe, expect, it } from 'vitest';
import { fillPath, STAFF_API_PREFIX, STAFF_ENDPOINTS } from './endpoints.js';

describe('the staff endpoint table', () => {
  const endpoints = Object.entries(STAFF_ENDPOINTS);

  it('puts every endpoint under the staff prefix, each method and path once', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, e] of endpoints)
      expect(e.path, name).toMatch(new RegExp(`^${STAFF_API_PREFIX}/`));
  });

  it("names every path parameter in the endpoint's params schema, and no other", () => {
    for (const [name, e] of endpoints) {
      const inPath = [...e.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]).sort();
      const declared = Object.keys(
        ('params' in e ? (e.params as { properties: object }).properties : undefined) ?? {},
      ).sort();
      expect(declared, name).toEqual(inPath);
    }
  });

  it('needs a session everywhere but at sign-in', () => {
    const open = endpoints.filter(([, e]) => e.role === null).map(([name]) => name);
    expect(open).toEqual(['login']);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath(STAFF_ENDPOINTS.article.path, { id: 'pets-cabin' })).toBe(
      '/api/staff/kb/articles/pets-cabin',
    );
    expect(fillPath(STAFF_ENDPOINTS.conversation.path, { id: 'a/b' })).toBe(
      '/api/staff/conversations/a%2Fb',
    );
    expect(() => fillPath(STAFF_ENDPOINTS.version.path)).toThrow(/version/);
  });
});
