import { ALTCHA_CHALLENGE_PATH } from '@supersteward/contract';
// The solver the widget's worker runs in the browser, from the widget package itself.
import { pbkdf2, solveChallenge, type Challenge } from 'altcha/lib';

/** Exactly what the widget puts into its field (altcha 3.2 `verify()`): base64 of the challenge and the solution. */
export async function solveLikeTheWidget(challengeJson: unknown): Promise<string> {
  // The challenge travels as JSON over HTTP.
  const challenge = JSON.parse(JSON.stringify(challengeJson)) as Challenge;
  const solution = await solveChallenge({
    challenge,
    deriveKey: pbkdf2.deriveKey,
    timeout: 30_000,
  });
  if (!solution) throw new Error('no solution');
  return btoa(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  );
}

/** Fetches a challenge from the app and solves it the way the ALTCHA widget does; returns the token. */
export async function solveAltcha(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${ALTCHA_CHALLENGE_PATH}`);
  if (response.status !== 200) throw new Error(`challenge answered ${response.status}`);
  return solveLikeTheWidget(await response.json());
}
