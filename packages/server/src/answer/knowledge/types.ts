import type { Language } from '@supersteward/contract';

/** One section of a knowledge-base article: the unit the index searches and answers from. */
export interface Passage {
  /** `${articleId}#${sectionSlug}` */
  id: string;
  articleId: string;
  language: Language;
  articleTitle: string;
  heading: string;
  /** The `##` heading a `###` section stands under ("Unaccompanied minors" over "Fees"). */
  parent?: string;
  text: string;
  url?: string;
}

export interface ScoredPassage extends Passage {
  score: number;
}

/** Search over the knowledge base, shared by the retrieval engine and the LLM engine. */
export interface KnowledgeIndex {
  /** Language detected for a question (the interface language breaks ties). */
  detectLanguage(question: string, fallback: Language): Language;
  /** Best passages for a question, best first; empty when nothing is relevant enough. */
  search(question: string, options: { language: Language; limit?: number }): ScoredPassage[];
}
