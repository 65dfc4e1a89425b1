import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs`: "idle for 3 min" keeps counting without a reload. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
