import type { KnowledgeBase } from '../knowledge/knowledge-index.js';
import { figurePrecision } from './numbers.js';
import { splitSentences } from './sentences.js';

const found = new WeakMap<KnowledgeBase, Set<string>>();

/**
 * The articles that sum up the rules with rounded figures ("Quick facts", "Overview": "about 20
 * kg", "from EUR 35"), by `language/id`: most of the sentences stating a figure state it roughly,
 * as the detailed articles do not. Such an article's every sentence is a summary's, whose figure
 * gives way to an exact one; read once per knowledge base.
 */
export function summaryArticles(kb: KnowledgeBase): Set<string> {
  let summaries = found.get(kb);
  if (summaries) return summaries;
  const { minRoughSentences, minRoughShare } = kb.config.compose.summary;
  summaries = new Set();
  for (const article of kb.articles) {
    let rough = 0;
    let exact = 0;
    for (const section of article.sections)
      for (const sentence of splitSentences(section.text)) {
        const precision = figurePrecision(sentence);
        if (precision === 'rough') rough += 1;
        else if (precision === 'exact') exact += 1;
      }
    if (rough >= minRoughSentences && rough / (rough + exact) >= minRoughShare)
      summaries.add(`${article.language}/${article.id}`);
  }
  found.set(kb, summaries);
  return summaries;
}
