import { solveChallengeWorkers, type Challenge } from 'altcha/lib';
import type { AltchaChallenge } from '@supersteward/contract';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';

/** Give up on a challenge after this long (a phone in power-saving mode is slow, not stuck). */
const SOLVE_TIMEOUT_MS = 60_000;

function createWorker(algorithm: string): Worker {
  return algorithm.startsWith('PBKDF2/') ? new Pbkdf2Worker() : new ShaWorker();
}

/**
 * Solves an ALTCHA v2 challenge in Web Workers with the widget's own solver and returns the
 * token the server expects: base64 of `{challenge: {parameters, signature}, solution}`
 * (packages/server/src/captcha/ALTCHA.md). Null when it cannot be solved.
 */
export async function solveAltcha(received: AltchaChallenge): Promise<string | null> {
  // The server's challenge is altcha's own shape; only the fields read above are typed on our side.
  const challenge = received as unknown as Challenge;
  if (
    !challenge.parameters.algorithm.startsWith('PBKDF2/') &&
    !challenge.parameters.algorithm.startsWith('SHA-')
  ) {
    return null;
  }
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(2, navigator.hardwareConcurrency || 1),
    createWorker,
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) return null;
  return btoa(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  );
}
