import { type ReactNode, useState } from 'react';
import { type FileAccess, thumbnailUrl } from '../model/file-access';

/**
 * A file's server-made thumbnail (SPEC §9), loaded lazily as it scrolls into view; `fallback` (an
 * icon) when there is none to ask for, or when the server has none (404) or it fails to load.
 */
export function ThumbnailImage({
  access,
  userFileId,
  fallback,
  available = true,
  className,
  overlay,
}: {
  access: FileAccess;
  userFileId: string;
  fallback: ReactNode;
  /** False when the file cannot have a thumbnail: the fallback without asking. */
  available?: boolean;
  className?: string;
  /** Drawn over the picture while it shows (a play badge on a video). */
  overlay?: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (failed || !available) return <>{fallback}</>;
  return (
    <>
      <img
        className={className}
        src={thumbnailUrl(access, userFileId)}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailed(true)}
      />
      {overlay}
    </>
  );
}
