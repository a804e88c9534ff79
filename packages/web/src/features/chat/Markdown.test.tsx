import { screen } from '@testing-library/react';
import { renderWithI18n as render } from '../../test/render';
import { describe, expect, it } from 'vitest';
import Markdown, { safeUrl } from './Markdown';

describe('answer Markdown', () => {
  it('renders links in a new tab with noopener', () => {
    render(<Markdown text="See [the policy](https://example.com/bags) or **call**." />);
    const link = screen.getByRole('link', { name: 'the policy (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://example.com/bags');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('call').tagName).toBe('STRONG');
  });

  it('keeps mailto and drops javascript: links', () => {
    render(<Markdown text="[mail](mailto:a@b.example) [bad](javascript:alert(1))" />);
    expect(screen.getByRole('link', { name: /^mail/ })).toHaveAttribute(
      'href',
      'mailto:a@b.example',
    );
    // It opens the mail program, not a tab.
    expect(screen.getByRole('link', { name: 'mail' })).not.toHaveAttribute('target');
    expect(screen.queryByRole('link', { name: /^bad/ })).toBeNull();
    expect(safeUrl('data:text/html,x')).toBe('');
    expect(safeUrl('/relative')).toBe('');
  });

  it('never renders raw HTML', () => {
    const { container } = render(
      <Markdown text={'<script>alert(1)</script><img src=x onerror=alert(1)> text'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
