import { AudioPlayer, browserCanPlay } from './audio/AudioPlayer';
import { ImageViewer } from './image/ImageViewer';
import type { FileAccess } from './model/file-access';
import type { ViewerFile } from './model/viewer-file';
import { entriesOfKind, type ViewerKind, viewerKindOf } from './model/viewer-kind';
import { OfficeViewer } from './pdf/OfficeViewer';
import { VideoPlayer } from './video/VideoPlayer';

export interface FileViewerProps {
  /** The file opened. */
  entry: ViewerFile;
  /** The list it was opened from: its images, videos or tracks become the viewer's list. */
  entries: readonly ViewerFile[];
  access: FileAccess;
  onClose(): void;
}

/** The entries of the same kind, the opened one among them wherever the list put it. */
function listFor(entry: ViewerFile, entries: readonly ViewerFile[], kind: ViewerKind) {
  const list = entriesOfKind(entries, kind);
  const index = list.findIndex((item) => item.userFileId === entry.userFileId);
  return index >= 0 ? { list, index } : { list: [entry], index: 0 };
}

/** The viewer for a file, by its extension (SPEC §9), with the list's other files of its kind. */
export default function FileViewer({ entry, entries, access, onClose }: FileViewerProps) {
  const kind = viewerKindOf(entry);
  if (kind === 'image') {
    const { list, index } = listFor(entry, entries, 'image');
    return <ImageViewer images={list} startIndex={index} access={access} onClose={onClose} />;
  }
  if (kind === 'video') {
    const { list, index } = listFor(entry, entries, 'video');
    return <VideoPlayer videos={list} startIndex={index} access={access} onClose={onClose} />;
  }
  if (kind === 'audio') {
    // the playlist holds what this browser plays (and the opened file, which says if it cannot)
    const { list } = listFor(entry, entries, 'audio');
    const tracks = list.filter((item) => item.userFileId === entry.userFileId || browserCanPlay(item));
    const index = tracks.findIndex((item) => item.userFileId === entry.userFileId);
    return <AudioPlayer tracks={tracks} startIndex={Math.max(0, index)} access={access} onClose={onClose} />;
  }
  if (kind === 'office' || kind === 'pdf') return <OfficeViewer file={entry} access={access} onClose={onClose} />;
  return null;
}
