import { createHash } from 'node:crypto';
import type {
  AnswerTrace,
  ArticleRef,
  GapGroup,
  Gaps,
  GapsQuery,
  Language,
  NegativeFeedback,
} from '@supersteward/contract';
import type { Database } from '../../db/open-database.js';
import type { ArticleTitles } from '../knowledge-titles.js';
import {
  answersBetween,
  languageOf,
  outcomeOf,
  questionsOf,
  sourcesOf,
  traceField,
  type AnswerRow,
} from './answer-rows.js';
import type { DayRange } from './days.js';

/** Questions whose content words overlap this much (Jaccard) are one gap. */
const SAME_GAP = 0.5;
const EXAMPLES = 5;
const NEGATIVE_MAX = 100;

interface Asked {
  answer: AnswerRow;
  question: string;
  askedAt: number;
  language: Language;
  words: Set<string>;
}

/** Words of a question stored without a trace: letters only, folded, 4 letters or more. */
function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function articleRef(id: string, language: Language, titles: ArticleTitles): ArticleRef | null {
  const title = titles(id, language);
  return title === undefined ? null : { id, language, title };
}

/** Words of each unanswered question: the engine's content words from the trace when it has one. */
async function wordsOf(database: Database, ids: string[]): Promise<Map<string, string[]>> {
  const words = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await database.db
      .selectFrom('messages')
      .select(['id', 'trace'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      if (!row.trace) continue;
      const trace = JSON.parse(row.trace) as Partial<AnswerTrace>;
      const tokens = (trace.words ?? []).map((w) => w.token).filter(Boolean);
      if (tokens.length > 0) words.set(row.id, tokens);
    }
  }
  return words;
}

/** Unanswered questions grouped by similarity, and the answers passengers marked unhelpful. */
export async function gaps(
  database: Database,
  range: DayRange,
  query: GapsQuery,
  titles: ArticleTitles,
): Promise<Gaps> {
  const answers = (await answersBetween(database, range.startMs, range.endMs)).filter(
    (a) => outcomeOf(a) === 'out_of_scope',
  );
  const questions = await questionsOf(database, answers);
  const traced = await wordsOf(
    database,
    answers.map((a) => a.id),
  );

  const asked: Asked[] = [];
  for (const answer of answers) {
    const question = questions.get(answer.id);
    if (!question) continue;
    const language = languageOf(answer.language) ?? 'mne';
    if (query.language && language !== query.language) continue;
    const words = traced.get(answer.id) ?? plainWords(question.content);
    asked.push({
      answer,
      question: question.content,
      askedAt: question.created_at,
      language,
      words: new Set(words.length > 0 ? words : [question.content.trim().toLowerCase()]),
    });
  }
  asked.sort((a, b) => b.askedAt - a.askedAt);

  const groups: { core: Set<string>; language: Language; members: Asked[] }[] = [];
  for (const item of asked) {
    let best: (typeof groups)[number] | undefined;
    let bestScore = 0;
    for (const group of groups) {
      if (group.language !== item.language) continue;
      const score = jaccard(item.words, group.core);
      if (score > bestScore) {
        best = group;
        bestScore = score;
      }
    }
    if (best && bestScore >= SAME_GAP) best.members.push(item);
    else groups.push({ core: item.words, language: item.language, members: [item] });
  }

  const result: GapGroup[] = groups.map((group) => {
    const words = [...group.core].sort();
    const nearestCounts = new Map<string, number>();
    for (const member of group.members) {
      const articleId = member.answer.nearest?.split('#')[0];
      if (articleId) nearestCounts.set(articleId, (nearestCounts.get(articleId) ?? 0) + 1);
    }
    const nearestId = [...nearestCounts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const times = group.members.map((m) => m.askedAt);
    return {
      key: createHash('sha1')
        .update(`${group.language}:${words.join(' ')}`)
        .digest('hex')
        .slice(0, 16),
      words,
      language: group.language,
      count: group.members.length,
      first_asked_at: new Date(Math.min(...times)).toISOString(),
      last_asked_at: new Date(Math.max(...times)).toISOString(),
      examples: group.members.slice(0, EXAMPLES).map((m) => ({
        question: m.question,
        thread_id: m.answer.thread_id,
        message_id: m.answer.id,
        asked_at: new Date(m.askedAt).toISOString(),
      })),
      nearest_article: nearestId ? articleRef(nearestId, group.language, titles) : null,
    };
  });
  const newest = (a: GapGroup, b: GapGroup) => b.last_asked_at.localeCompare(a.last_asked_at);
  result.sort(query.sort === 'newest' ? newest : (a, b) => b.count - a.count || newest(a, b));

  return {
    from: range.from,
    to: range.to,
    groups: result,
    negative_feedback: await negativeFeedback(database, range, query, titles),
  };
}

async function negativeFeedback(
  database: Database,
  range: DayRange,
  query: GapsQuery,
  titles: ArticleTitles,
): Promise<NegativeFeedback[]> {
  const rows = await database.db
    .selectFrom('feedback as f')
    .innerJoin('messages as m', 'm.id', 'f.message_id')
    .select([
      'm.id',
      'm.thread_id',
      'm.seq',
      'm.content',
      'm.sources',
      'f.comment',
      'f.created_at',
      traceField(database, ['language']).as('language'),
    ])
    .where('f.sentiment', '=', 'negative')
    // Still negative: a passenger who took the thumbs-down back is not a complaint.
    .where('m.sentiment', '=', 'negative')
    .where('f.created_at', '>=', range.startMs)
    .where('f.created_at', '<', range.endMs)
    .orderBy('f.created_at', 'desc')
    .execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (latest.has(row.id)) continue;
    const language = languageOf(row.language);
    if (query.language && language !== query.language) continue;
    latest.set(row.id, row);
    if (latest.size >= NEGATIVE_MAX) break;
  }
  const chosen = [...latest.values()];
  const questions = await questionsOf(
    database,
    chosen.map((r) => ({ id: r.id, thread_id: r.thread_id, seq: Number(r.seq) })),
  );
  return chosen.map((row) => {
    const language = languageOf(row.language);
    return {
      message_id: row.id,
      thread_id: row.thread_id,
      at: new Date(Number(row.created_at)).toISOString(),
      question: questions.get(row.id)?.content ?? '',
      answer: row.content,
      comment: row.comment,
      language,
      sources: sourcesOf(row.sources).map(
        (s) =>
          articleRef(s.id, language ?? 'mne', titles) ?? {
            id: s.id,
            language: language ?? 'mne',
            title: s.title,
          },
      ),
    };
  });
}
