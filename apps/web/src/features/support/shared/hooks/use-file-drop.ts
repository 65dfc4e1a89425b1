import { type DragEvent, useRef, useState } from 'react';

/** Files dropped on an area (the chat's list and composer): their handlers and whether a drag is over it. */
export function useFileDrop(onFiles: (files: File[]) => void, enabled = true) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child; a count tells when the drag really left
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  return {
    dragging,
    handlers: {
      onDragEnter(event: DragEvent) {
        if (!enabled || !carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver(event: DragEvent) {
        if (!enabled || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(event: DragEvent) {
        if (!enabled || !carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(event: DragEvent) {
        if (!enabled || !carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      },
    },
  };
}
