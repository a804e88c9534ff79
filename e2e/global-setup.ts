import { startServer } from './server.js';

/** One production server for the suite; tests that need other settings start their own. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
