import {
  type Currency,
  type ObjectAttachment,
  type ObjectCraft,
  type ObjectInfo,
  type ObjectLicence,
  objectNameOf,
} from '@kerf/contract';
import type { ObjectFileRow, ObjectRecord } from './object.repository.js';

function presentAttachment(file: ObjectFileRow): ObjectAttachment {
  return { id: file.id, name: file.name, size: file.size, format: file.format, width: file.width, height: file.height };
}

/** An object as its owner or a shopper sees it (SPEC §3 object fields plus the shop's). */
export function presentObject(
  { object, entry, ownerName }: ObjectRecord,
  files: ObjectFileRow[],
  viewerId: string,
  entitled = false,
): ObjectInfo {
  const papers = files.filter((f) => f.kind === 'paper').map(presentAttachment);
  const previews = files.filter((f) => f.kind === 'preview').map(presentAttachment);
  const mine = object.ownerId === viewerId;
  return {
    id: object.id,
    fileName: objectNameOf(entry.name),
    // Someone else's folders are none of the shopper's business.
    folderId: mine ? (entry.parentId ?? '0') : '',
    filePath: mine ? entry.parentPath : '',
    origin: object.origin,
    state: papers.length > 0 && previews.length > 0 ? 'ready' : 'draft',
    listed: object.listed,
    price: object.price,
    currency: object.currency as Currency,
    description: object.description,
    tags: object.tags,
    material: object.material,
    machine: object.machine,
    licence: object.licence as ObjectLicence,
    crafts: object.crafts as ObjectCraft[],
    papers,
    previews,
    coverId: previews[0]?.id ?? null,
    ownerId: object.ownerId,
    ownerName,
    mine,
    entitled: mine || entitled,
    createdAt: object.createdAt.toISOString(),
    updatedAt: object.updatedAt.toISOString(),
  };
}
