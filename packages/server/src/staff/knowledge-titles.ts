import type { Language } from '@supersteward/contract';

/** The title of an article in a language, from the knowledge base passengers are answered from. */
export type ArticleTitles = (id: string, language: Language) => string | undefined;

/** Titles from a list of articles, falling back to the article's other language. */
export function titlesFrom(
  articles: () => readonly { id: string; language: Language; title: string }[],
): ArticleTitles {
  return (id, language) => {
    const list = articles();
    return (
      list.find((a) => a.id === id && a.language === language)?.title ??
      list.find((a) => a.id === id)?.title
    );
  };
}
