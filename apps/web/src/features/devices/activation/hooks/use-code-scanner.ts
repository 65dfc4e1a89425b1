import { useEffect, useRef, useState } from 'react';
import { type CameraProblem, cameraPrecondition, cameraProblem } from '../../model/camera-problem';
import { type CodeDetector, loadCodeDetector } from '../scanner/code-detector';

export type ScannerState =
  /** Asking for the camera, or loading the reader. */
  | { phase: 'starting' }
  | { phase: 'scanning' }
  /** The camera cannot be had: the SPEC §8 message to show. */
  | { phase: 'camera'; problem: CameraProblem }
  /** The camera works but no barcode reader could be loaded. */
  | { phase: 'reader' };

/** A frame every 150 ms reads a label within a moment without keeping a phone's processor busy. */
const SCAN_INTERVAL_MS = 150;

function initialState(): ScannerState {
  const problem = cameraPrecondition({
    secure: typeof window !== 'undefined' && window.isSecureContext,
    hasGetUserMedia: typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function',
  });
  return problem ? { phase: 'camera', problem } : { phase: 'starting' };
}

/**
 * Runs the camera into `video` and reads barcodes from it until `onCodes` accepts one (returns true).
 * The back camera is preferred (`facingMode: environment`, a phone pointed at a label). Every track is
 * stopped when the video element goes away (the dialog closes), also when the camera is granted only
 * after that, so the camera light never stays on behind a closed dialog.
 */
export function useCodeScanner(
  video: HTMLVideoElement | null,
  onCodes: (texts: readonly string[]) => boolean,
): ScannerState {
  const [state, setState] = useState<ScannerState>(initialState);
  const accept = useRef(onCodes);
  useEffect(() => {
    accept.current = onCodes;
  });
  const unusable = state.phase === 'camera' && state.problem;

  useEffect(() => {
    if (!video || unusable) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      video.srcObject = null;
    };
    const fail = (next: ScannerState) => {
      if (stopped) return;
      setState(next);
      stop();
    };

    // loaded while the person answers the permission prompt; its failure is read after the camera's
    const reader = loadCodeDetector();
    reader.catch(() => undefined);

    const scan = async (detector: CodeDetector) => {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const found = await detector.detect(video);
          if (stopped) return;
          const texts = found.map((code) => code.rawValue).filter((text) => text.trim() !== '');
          if (texts.length && accept.current(texts)) return;
        } catch {
          // a frame the reader could not take (the stream resizing, say): the next one will do
        }
      }
      timer = setTimeout(() => void scan(detector), SCAN_INTERVAL_MS);
    };

    const start = async () => {
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' } },
        });
      } catch (error) {
        fail({ phase: 'camera', problem: cameraProblem(error) });
        return;
      }
      if (stopped) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream = media;
      // unplugged, or taken by the system: say so rather than show a frozen picture
      media.getVideoTracks()[0]?.addEventListener('ended', () => fail({ phase: 'camera', problem: 'cameraNone' }));
      video.srcObject = media;
      await video.play().catch(() => undefined);
      let detector: CodeDetector;
      try {
        detector = await reader;
      } catch {
        fail({ phase: 'reader' });
        return;
      }
      if (stopped) return;
      setState({ phase: 'scanning' });
      void scan(detector);
    };

    void start();
    return stop;
  }, [video, unusable]);

  return state;
}
