import type { Source } from '@supersteward/contract';
import type { Grounding } from './ground/ground.js';

function score(value: number): string {
  return value.toFixed(3).padStart(9);
}

/** A grounding decision and its reply, stage by stage, for people (`npm run explain`). */
export function formatExplanation(
  question: string,
  grounding: Grounding,
  reply: { text: string; sources: Source[] },
): string {
  const { trace } = grounding;
  const out: string[] = [];
  out.push(`question   ${question}`);
  out.push(`1 normalize  language ${trace.language}, script ${trace.script}`);
  if (trace.readWith) out.push(`             read with the earlier question: ${trace.readWith}`);
  out.push('2 expand     words and the index terms they stand for:');
  if (trace.words.length === 0) out.push('             (none)');
  for (const word of trace.words)
    out.push(`             ${word.token} → ${word.expansions.join(' ')}`);
  out.push(`3 retrieve   candidate sections (coverage of the best article ${trace.coverage}):`);
  if (trace.candidates.length === 0) out.push('             (none)');
  for (const c of trace.candidates) out.push(`  ${score(c.score)}  ${c.passage}  “${c.heading}”`);
  out.push(`4 gate       ${trace.decision}`);
  for (const note of trace.notes) out.push(`             ${note}`);
  out.push('5 select     sentences chosen:');
  if (trace.chosen.length === 0)
    out.push('             (none: the reply comes from the language pack)');
  for (const c of trace.chosen) out.push(`  ${score(c.score)}  ${c.passage}  ${c.sentence}`);
  out.push(`6 compose    ${reply.text}`);
  out.push(`sources    ${reply.sources.map((s) => s.id).join(', ') || '(none)'}`);
  return out.join('\n');
}
