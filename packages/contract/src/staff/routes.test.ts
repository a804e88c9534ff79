import { describe, expect, it } from 'vitest';
import { PUBLIC_NOTICES_ENDPOINT, STAFF_ENDPOINTS } from './endpoints.js';
import { PUBLIC_NOTICES_PATH, STAFF_ROUTES } from './routes.js';

describe('the schema-free route table', () => {
  it('has every endpoint with its method, path and role, and nothing else', () => {
    const fromEndpoints = Object.fromEntries(
      Object.entries(STAFF_ENDPOINTS).map(([name, e]) => [
        name,
        { method: e.method, path: e.path, role: e.role },
      ]),
    );
    expect(STAFF_ROUTES).toEqual(fromEndpoints);
    expect(PUBLIC_NOTICES_PATH).toBe(PUBLIC_NOTICES_ENDPOINT.path);
  });
});
