import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { LoadingOverlay, OVERLAY_CLOSE_DELAY_MS } from './LoadingOverlay';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading overlay', () => {
  it('closes 150 ms after it is hidden', () => {
    const { rerender } = renderWithI18n(
      <LoadingOverlay open cancelable={false} onCancel={() => undefined} />,
    );
    expect(screen.getByTestId('loading-overlay')).toHaveTextContent('Loading conversation...');
    rerender(<LoadingOverlay open={false} cancelable={false} onCancel={() => undefined} />);
    act(() => {
      vi.advanceTimersByTime(OVERLAY_CLOSE_DELAY_MS - 1);
    });
    expect(screen.queryByTestId('loading-overlay')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('Escape cancels only when cancelable', () => {
    const onCancel = vi.fn();
    const { rerender } = renderWithI18n(
      <LoadingOverlay open cancelable={false} onCancel={onCancel} />,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    rerender(<LoadingOverlay open cancelable onCancel={onCancel} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('a phone without a keyboard cancels with the Cancel button', () => {
    const onCancel = vi.fn();
    renderWithI18n(<LoadingOverlay open cancelable onCancel={onCancel} />, 'mne');
    fireEvent.click(screen.getByRole('button', { name: 'Otkaži' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
