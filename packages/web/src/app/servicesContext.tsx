import { createContext, useContext, type ReactNode } from 'react';

/**
 * A React context for clients built once at the top of an app and handed down: its provider and
 * the hook that reads it (throwing outside the provider, where a missing client is a bug).
 */
export function servicesContext<T>(hookName: string) {
  const Context = createContext<T | null>(null);
  function Provider({ services, children }: { services: T; children: ReactNode }) {
    return <Context.Provider value={services}>{children}</Context.Provider>;
  }
  function useProvided(): T {
    const services = useContext(Context);
    if (!services) throw new Error(`${hookName} outside its provider`);
    return services;
  }
  return [Provider, useProvided] as const;
}
