import type { AnswerOutcome, CitedArticle, Language, Overview } from '@supersteward/contract';
import type { Database } from '../../db/open-database.js';
import type { ArticleTitles } from '../knowledge-titles.js';
import { answersBetween, languageOf, outcomeOf, sourcesOf } from './answer-rows.js';
import { dayOf, type DayRange } from './days.js';

const HOUR_MS = 3_600_000;
const TOP_ARTICLES = 10;

const zeroOutcomes = (): Record<AnswerOutcome, number> => ({
  answered: 0,
  out_of_scope: 0,
  small_talk: 0,
  failed: 0,
});

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** The overview screen: questions, outcomes, feedback, languages, cited articles, latency. */
export async function overview(
  database: Database,
  range: DayRange,
  now: number,
  titles: ArticleTitles,
): Promise<Overview> {
  const { db } = database;
  const lastDayStart = Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
  const questions = await db
    .selectFrom('messages')
    .select('created_at')
    .where('role', '=', 'user')
    .where((eb) =>
      eb.or([
        eb.and([eb('created_at', '>=', range.startMs), eb('created_at', '<', range.endMs)]),
        eb('created_at', '>=', lastDayStart),
      ]),
    )
    .execute();

  const perDay = new Map(
    range.days.map((day) => [day, { questions: 0, outcomes: zeroOutcomes() }]),
  );
  const perHour = new Map<number, number>();
  for (let h = 0; h < 24; h += 1) perHour.set(lastDayStart + h * HOUR_MS, 0);
  let total = 0;
  for (const { created_at } of questions) {
    const at = Number(created_at);
    if (at >= range.startMs && at < range.endMs) {
      const day = perDay.get(dayOf(at));
      if (day) day.questions += 1;
      total += 1;
    }
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    if (perHour.has(hour)) perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
  }

  const answers = await answersBetween(database, range.startMs, range.endMs);
  const outcomes = zeroOutcomes();
  const feedback = { positive: 0, negative: 0 };
  const byLanguage = new Map<Language, number>();
  const cited = new Map<string, { citations: number; byLanguage: Map<Language, number> }>();
  const latencies: number[] = [];
  for (const answer of answers) {
    const outcome = outcomeOf(answer);
    if (outcome === null) continue;
    outcomes[outcome] += 1;
    const day = perDay.get(dayOf(Number(answer.created_at)));
    if (day) day.outcomes[outcome] += 1;
    if (answer.sentiment) feedback[answer.sentiment] += 1;
    const language = languageOf(answer.language);
    if (language) byLanguage.set(language, (byLanguage.get(language) ?? 0) + 1);
    if (answer.status === 'complete' && answer.latency_ms !== null)
      latencies.push(Number(answer.latency_ms));
    for (const source of sourcesOf(answer.sources)) {
      const entry = cited.get(source.id) ?? { citations: 0, byLanguage: new Map() };
      entry.citations += 1;
      const lang = language ?? 'mne';
      entry.byLanguage.set(lang, (entry.byLanguage.get(lang) ?? 0) + 1);
      cited.set(source.id, entry);
    }
  }

  const topArticles: CitedArticle[] = [...cited.entries()]
    .sort((a, b) => b[1].citations - a[1].citations || a[0].localeCompare(b[0]))
    .slice(0, TOP_ARTICLES)
    .map(([id, entry]) => {
      const language = [...entry.byLanguage.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'mne';
      return { id, title: titles(id, language) ?? id, citations: entry.citations };
    });

  latencies.sort((a, b) => a - b);
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    from: range.from,
    to: range.to,
    questions: total,
    per_day: [...perDay.entries()].map(([day, counts]) => ({ day, ...counts })),
    last_day_per_hour: [...perHour.entries()].map(([hour, count]) => ({
      hour: new Date(hour).toISOString(),
      questions: count,
    })),
    outcomes,
    feedback,
    by_language: [...byLanguage.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([language, count]) => ({ language, questions: count })),
    top_articles: topArticles,
    latency: {
      count: latencies.length,
      p50_ms: percentile(latencies, 0.5),
      p90_ms: percentile(latencies, 0.9),
      p99_ms: percentile(latencies, 0.99),
      mean_ms: latencies.length ? Math.round(sum / latencies.length) : null,
    },
  };
}
