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

  it('closes on a finger swipe although the browser cancels the touch pointer mid-gesture', () => {
    // What Chrome sends for a real finger: pointerdown (touch), touchstart, pointercancel as it
    // takes over the gesture, touchmove..., touchend.
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    fireEvent.pointerDown(panel, { pointerType: 'touch', clientX: 280, clientY: 300 });
    fireEvent.touchStart(panel, { touches: [{ clientX: 280, clientY: 300 }] });
    fireEvent.pointerCancel(panel, { pointerType: 'touch' });
    fireEvent.touchMove(panel, { touches: [{ clientX: 220, clientY: 302 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 160, clientY: 304 }] });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a short finger swipe, or one the browser cancels as a touch, does not close', () => {
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    fireEvent.pointerDown(panel, { pointerType: 'touch', clientX: 280, clientY: 300 });
    fireEvent.touchStart(panel, { touches: [{ clientX: 280, clientY: 300 }] });
    fireEvent.pointerCancel(panel, { pointerType: 'touch' });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 240, clientY: 300 }] });
    fireEvent.touchStart(panel, { touches: [{ clientX: 280, clientY: 300 }] });
    fireEvent.touchCancel(panel, { touches: [] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 100, clientY: 300 }] });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a touch pointer alone never closes: the touch handlers own finger input', () => {
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const panel = screen.getByTestId('panel');
    fireEvent.pointerDown(panel, { pointerType: 'touch', clientX: 280, clientY: 300 });
    fireEvent.pointerUp(panel, { pointerType: 'touch', clientX: 100, clientY: 300 });
    expect(onClose).not.toHaveBeenCalled();
  });
});
