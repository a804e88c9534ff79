/*
 * What every endpoint table of the contract shares, as plain values (the browser uses them).
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Fills `:name` path parameters: `fillPath('/api/staff/kb/articles/:id', { id: 'pets-cabin' })`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
