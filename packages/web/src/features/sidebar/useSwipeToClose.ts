import { useRef } from 'react';

/** A left swipe of more than 50 px closes the drawer. */
export const SWIPE_CLOSE_THRESHOLD_PX = 50;

/**
 * Pointer and touch handlers for the drawer panel; `onClose` runs on a left swipe past 50 px.
 *
 * A finger is followed through touch events only: Chrome sends `pointercancel` for a touch pointer
 * as soon as it takes the gesture over for scrolling, and the touch events carry on to `touchend`
 * regardless. Mouse and pen go through pointer events. Give the panel `touch-action: pan-y` so a
 * sideways move stays with the page while vertical scrolling inside still works.
 */
export function useSwipeToClose(onClose: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const begin = (x: number, y: number) => {
    start.current = { x, y };
  };
  const forget = () => {
    start.current = null;
  };
  const end = (x: number, y: number) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = from.x - x;
    // Mostly horizontal, so scrolling the thread list never closes the drawer.
    if (dx > SWIPE_CLOSE_THRESHOLD_PX && dx > Math.abs(y - from.y)) onClose();
  };
  const finger = (e: React.PointerEvent) => e.pointerType === 'touch';
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (!finger(e)) begin(e.clientX, e.clientY);
    },
    onPointerUp: (e: React.PointerEvent) => {
      if (!finger(e)) end(e.clientX, e.clientY);
    },
    onPointerCancel: (e: React.PointerEvent) => {
      if (!finger(e)) forget();
    },
    onTouchStart: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      // A second finger is a pinch, not a swipe.
      if (touch && e.touches.length === 1) begin(touch.clientX, touch.clientY);
      else forget();
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const touch = e.changedTouches[0];
      if (touch) end(touch.clientX, touch.clientY);
    },
    onTouchCancel: forget,
  };
}
