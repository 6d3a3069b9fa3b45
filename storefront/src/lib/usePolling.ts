import { useEffect, useRef } from 'react';

/** Calls `tick` every `intervalMs` while `active`, skipping ticks while the tab is hidden. */
export function usePolling(tick: () => void, intervalMs: number, active: boolean) {
  const latestTick = useRef(tick);
  useEffect(() => {
    latestTick.current = tick;
  });

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) latestTick.current();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
}
