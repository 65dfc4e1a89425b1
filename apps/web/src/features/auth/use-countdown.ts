import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until a deadline, ticking; measured from the clock so a busy tab stays right. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { seconds, running: seconds > 0, start };
}
