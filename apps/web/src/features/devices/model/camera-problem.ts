import type { deviceMessages } from '@kerf/contract';

export type CameraProblem = Extract<
  keyof typeof deviceMessages,
  'cameraPermission' | 'cameraNone' | 'cameraInsecure' | 'cameraBusy' | 'cameraUnsuitable' | 'cameraUnsupported'
>;

/** What the page knows before it asks for the camera. */
export interface CameraContext {
  secure: boolean;
  hasGetUserMedia: boolean;
}

/** Before asking: a page that cannot ask at all says why (SPEC §8 camera messages). */
export function cameraPrecondition(context: CameraContext): CameraProblem | null {
  if (!context.secure) return 'cameraInsecure';
  if (!context.hasGetUserMedia) return 'cameraUnsupported';
  return null;
}

/** The SPEC's camera message for a failed `getUserMedia`, by the DOMException's name. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name ?? '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'cameraPermission';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'cameraNone';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'cameraBusy';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'cameraUnsuitable';
    case 'TypeError':
      return 'cameraUnsupported';
    default:
      return 'cameraBusy';
  }
}
