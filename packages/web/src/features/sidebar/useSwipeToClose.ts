import { useRef } from 'react';

/** Spec section 9: a left swipe of more than 50 px closes the drawer. */
export const SWIPE_CLOSE_THRESHOLD_PX = 50;

/** Pointer and touch handlers for the drawer panel; `onClose` runs on a left swipe past 50 px. */
export function useSwipeToClose(onClose: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const begin = (x: number, y: number) => {
    start.current = { x, y };
  };
  const end = (x: number, y: number) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = from.x - x;
    // Mostly horizontal, so scrolling the thread list never closes the drawer.
    if (dx > SWIPE_CLOSE_THRESHOLD_PX && dx > Math.abs(y - from.y)) onClose();
  };
  return {
    onPointerDown: (e: React.PointerEvent) => begin(e.clientX, e.clientY),
    onPointerUp: (e: React.PointerEvent) => end(e.clientX, e.clientY),
    onPointerCancel: () => {
      start.current = null;
    },
    onTouchStart: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      if (touch) begin(touch.clientX, touch.clientY);
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const touch = e.changedTouches[0];
      if (touch) end(touch.clientX, touch.clientY);
    },
  };
}
