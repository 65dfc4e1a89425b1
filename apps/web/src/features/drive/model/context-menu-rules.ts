import { FILE_TYPE, isDeviceJobFile } from '@kerf/contract';
import { isArchive, isOfficeFile, isOnlineEditable } from './file-kinds';

/** Everything the file context menu can offer, in the order it shows them. */
export const CONTEXT_ACTIONS = [
  'view',
  'download',
  'saveToDrive',
  'share',
  'restore',
  'copy',
  'move',
  'rename',
  'unzip',
  'sendToMachine',
  'onlineEdit',
  'copyLink',
  'delete',
  'detail',
] as const;
export type ContextAction = (typeof CONTEXT_ACTIONS)[number];

export interface MenuContext {
  /** The list's fileType (SPEC §2): 0 all, 1 images, 3 video, 4 audio, 6 recycle bin, 7/8 shared. */
  fileType: number;
  /** True on the read-only shared-file page (route Share). */
  onShare?: boolean;
  /**
   * False when no online document server is configured: office files then have no online edit (it
   * would open a dead page); they still preview through the PDF conversion.
   */
  onlineOffice?: boolean;
  /** The person may send jobs to their machines (device:machine:control). */
  canSendToMachine?: boolean;
}

export interface MenuEntryFacts {
  isDir: 0 | 1 | boolean;
  extendName: string;
}

/** Actions that exist in the spec but whose server calls belong to a later issue: shown, disabled. None now. */
export const NOT_YET_AVAILABLE: ReadonlySet<ContextAction> = new Set<ContextAction>();

/**
 * The context menu's rules (SPEC §5), one place for the list, the grid and the "more" button:
 * - view hidden in the recycle bin;
 * - delete hidden for fileType 8 and on Share;
 * - restore only for type 6;
 * - move and rename hidden for types 6 and 8 and on Share;
 * - unzip only for zip, rar, 7z, tar, gz;
 * - online edit for office, markdown and code types (office only with a document server);
 * - copy link only for type 8;
 * - details always;
 * - send to machine for G-code files of my drive, when I may drive machines.
 * "Only" is read as a condition, not a promise: unzip and online edit change or create files, so
 * like move they are not offered in the bin or on shares (SPEC §6: shared-file views are read-only).
 * Download and copy are not in the spec's list; they follow the view and move rules (nothing leaves
 * the bin, a share can be downloaded). Sharing is for live entries of my drive: not in the bin, not
 * again from my shares, not from someone else's share, where saving to my drive takes its place.
 */
export function contextActions(entry: MenuEntryFacts, context: MenuContext): ContextAction[] {
  const { fileType } = context;
  const onShare = context.onShare === true;
  const inBin = fileType === FILE_TYPE.recycle;
  const myShares = fileType === FILE_TYPE.myShares;
  const isFile = !entry.isDir;
  const shown: Record<ContextAction, boolean> = {
    view: !inBin,
    download: !inBin,
    saveToDrive: onShare,
    share: !inBin && !myShares && !onShare,
    restore: inBin,
    copy: !inBin && !myShares && !onShare,
    move: !inBin && !myShares && !onShare,
    rename: !inBin && !myShares && !onShare,
    unzip: isFile && isArchive(entry.extendName) && !inBin && !myShares && !onShare,
    sendToMachine:
      isFile &&
      context.canSendToMachine === true &&
      isDeviceJobFile(`.${entry.extendName}`) &&
      !inBin &&
      !myShares &&
      !onShare,
    onlineEdit:
      isFile &&
      isOnlineEditable(entry.extendName) &&
      !(context.onlineOffice === false && isOfficeFile(entry.extendName)) &&
      !inBin &&
      !myShares &&
      !onShare,
    copyLink: myShares,
    delete: !myShares && !onShare,
    detail: true,
  };
  return CONTEXT_ACTIONS.filter((action) => shown[action]);
}

/** Batch actions for a selection: those every selected entry's menu allows (minus single-entry ones). */
export function batchActions(entries: readonly MenuEntryFacts[], context: MenuContext): ContextAction[] {
  if (entries.length === 0) return [];
  const single = new Set<ContextAction>([
    'view',
    'rename',
    'unzip',
    'sendToMachine',
    'onlineEdit',
    'copyLink',
    'detail',
  ]);
  const allowed = entries.map((entry) => new Set(contextActions(entry, context)));
  return CONTEXT_ACTIONS.filter((action) => !single.has(action) && allowed.every((set) => set.has(action)));
}
