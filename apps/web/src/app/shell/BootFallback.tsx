import { useEffect } from 'react';
import { startProgress } from './navigation-effects';

/** Shown while the first route loads; looks like the boot screen in index.html so nothing flashes. */
export function BootFallback() {
  useEffect(() => {
    startProgress();
  }, []);
  return (
    <div className="boot" role="status">
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
      <span>Kerf</span>
    </div>
  );
}
