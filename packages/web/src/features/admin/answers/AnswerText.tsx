import { lazy, Suspense } from 'react';
import { loadMarkdown } from '../../chat/loadMarkdown';

// The passengers' renderer (sanitized, no raw HTML), so staff read answers exactly as shown.
const Markdown = lazy(loadMarkdown);

export function AnswerText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="text-sm whitespace-pre-line text-slate-800">{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}
