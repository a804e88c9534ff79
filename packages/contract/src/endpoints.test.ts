import { describe, expect, it } from 'vitest';
import { PASSENGER_ENDPOINTS } from './endpoints.js';
import { PASSENGER_ROUTES } from './routes.js';
import { STAFF_API_PREFIX } from './staff/endpoints.js';

describe('the passenger endpoint table', () => {
  const endpoints = Object.entries(PASSENGER_ENDPOINTS);

  it('holds each method and path once, none under the staff prefix', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, e] of endpoints) expect(e.path, name).not.toContain(STAFF_API_PREFIX);
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

  it('documents 403 wherever a captcha is needed and 404 wherever a visitor is', () => {
    for (const [name, e] of endpoints) {
      if (e.captcha) expect(e.errors, name).toContain(403);
      if (e.visitor) expect(e.errors, name).toContain(404);
    }
  });

  it('has a schema-free twin with the same method and path, and nothing else', () => {
    const fromEndpoints = Object.fromEntries(
      endpoints.map(([name, e]) => [name, `${e.method} ${e.path}`]),
    );
    expect(PASSENGER_ROUTES).toEqual(fromEndpoints);
  });
});
