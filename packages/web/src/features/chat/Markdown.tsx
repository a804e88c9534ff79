import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { rehypeKeepFiguresTogether } from './keepFiguresTogether';

const SAFE_URL = /^(https?:|mailto:)/i;

/** Only http(s) and mailto links survive; anything else (javascript:, data:, relative) is dropped. */
export function safeUrl(url: string): string {
  return SAFE_URL.test(url.trim()) ? url : '';
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/** An answer as safe Markdown: raw HTML skipped, output sanitized, images left out. */
export default function Markdown({ text }: { text: string }) {
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
}
