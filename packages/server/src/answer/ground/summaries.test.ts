import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from '../knowledge/knowledge-index.js';
import { parseKnowledge } from '../knowledge/loader.js';
import { englishArticle } from '../knowledge/test/fixture.js';
import { summaryArticles } from './summaries.js';

const article = englishArticle;

describe('summary articles', () => {
  it('are those stating most of their figures roughly, not the detailed ones', () => {
    const { articles } = parseKnowledge({
      'en/quick-facts.md': article(
        'quick-facts',
        'Quick facts',
        `## Baggage

Checked bags may weigh about 20 kg. Extra bags cost from EUR 19 online. The desks close roughly 45 minutes before departure.

## Pets

Pets fly in the cabin from EUR 35; no pet may weigh more than 45 kg.`,
      ),
      'en/baggage.md': article(
        'baggage',
        'Baggage',
        `## Checked bags

A checked bag may weigh up to 23 kg. An extra bag costs EUR 19 online to Zone 1 and about EUR 30 at the desk. The desks close 45 minutes before departure.`,
      ),
    });
    expect([...summaryArticles(buildKnowledgeBase(articles))]).toEqual(['en/quick-facts']);
  });

  it('are none among articles stating their figures exactly', () => {
    const { articles } = parseKnowledge({
      'en/baggage.md': article('baggage', 'Baggage', '## Bags\n\nA bag may weigh up to 23 kg.'),
    });
    expect(summaryArticles(buildKnowledgeBase(articles)).size).toBe(0);
  });
});
