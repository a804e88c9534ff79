import { useEffect, useRef, useState } from 'react';

/**
 * `value` as of the last animation frame while `throttle` is on (a streamed answer's text: the
 * Markdown below it is parsed at most once a frame however fast pieces come), `value` itself
 * when off (the final answer shows at once, fully).
 */
export function useOncePerFrame<T>(value: T, throttle: boolean): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const frame = useRef<number | null>(null);
  latest.current = value;

  useEffect(() => {
    if (!throttle || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setShown(latest.current);
    });
  }, [value, throttle]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  return throttle ? shown : value;
}
