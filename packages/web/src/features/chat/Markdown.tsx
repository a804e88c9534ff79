import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { rehypeKeepFiguresTogether } from './keepFiguresTogether';

const SAFE_URL = /^(https?:|mailto:)/i;

/** Only http(s) and mailto links survive; anything else (javascript:, data:, relative) is dropped. */
export function safeUrl(url: string): string {
  return SAFE_URL.test(url.trim()) ? url : '';
}

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      {/* A screen reader user hears where the link will open, as a sighted one guesses. */}
      <span className="sr-only"> {t('common.newTab')}</span>
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) => {
    if (!href) return <span>{children}</span>;
    // A mailto link opens the mail program, not a tab.
    if (/^mailto:/i.test(href)) return <a href={href}>{children}</a>;
    return <NewTabLink href={href}>{children}</NewTabLink>;
  },
};

/**
 * An answer as safe Markdown: raw HTML skipped, output sanitized, images left out. Memoized on
 * the text: a row rendered again with the same text (another piece within the same animation
 * frame, a feedback click) does not parse it again.
 */
export default memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        rehypePlugins={[rehypeSanitize, rehypeKeepFiguresTogether]}
        urlTransform={safeUrl}
        disallowedElements={['img']}
        unwrapDisallowed
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
