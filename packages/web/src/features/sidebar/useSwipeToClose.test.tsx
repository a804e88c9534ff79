import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSwipeToClose } from './useSwipeToClose';

function Panel({ onClose }: { onClose: () => void }) {
  return (
    <div data-testid="panel" {...useSwipeToClose(onClose)}>
      panel
    </div>
  );
}

describe('swipe to close', () => {
  it('closes on a left pointer swipe over 50 px, not at 50 px or to the right', () => {
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    fireEvent.pointerDown(panel, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(panel, { clientX: 150, clientY: 100 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(panel, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(panel, { clientX: 300, clientY: 100 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(panel, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(panel, { clientX: 149, clientY: 110 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a left touch swipe, but not on a vertical scroll', () => {
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    fireEvent.touchStart(panel, { touches: [{ clientX: 250, clientY: 100 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 190, clientY: 400 }] });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.touchStart(panel, { touches: [{ clientX: 250, clientY: 100 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 120, clientY: 120 }] });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
