/**
 * The "after load" half of the transfer bench: a running server is given a spell of mixed list calls
 * (pages of a folder in every sort, the folder tree, folders only, search, quota) over loopback HTTP by
 * autocannon before its transfers are measured again. A long-lived server has answered thousands of such
 * calls; what they leave behind (a grown heap, cached rows, memory held outside the heap) must not slow
 * the bytes it moves afterwards.
 */
import type http from 'node:http';
import autocannon from 'autocannon';
import { dataOf, request } from './bench-http.js';

/** Entries the loaded folder holds: a few pages of 20. */
const FOLDER_ENTRIES = 100;

export interface ListLoad {
  requests: number;
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
}

/** Creates `FOLDER_ENTRIES` folders in a new folder of the root; returns the new folder's id. */
async function seedFolder(baseURL: string, auth: Record<string, string>, agent: http.Agent): Promise<string> {
  const post = async (body: object) =>
    dataOf<{ id: string }>(
      `POST /engine/folder ${JSON.stringify(body)}`,
      await request(`${baseURL}/cloud-api/engine/folder`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        agent,
      }),
    );
  const folder = await post({ parentId: '0', name: 'load' });
  for (let i = 0; i < FOLDER_ENTRIES; i++) {
    await post({ parentId: folder.id, name: `entry ${String(i).padStart(3, '0')}` });
  }
  return folder.id;
}

/** The mixed calls, sent in turn by each connection. */
function mixedCalls(folderId: string): string[] {
  const lists = ['name', 'size', 'type', 'time'].flatMap((sort) =>
    ['asc', 'desc'].flatMap((order) =>
      [1, 3, 5].map(
        (page) => `/engine/file/listFileInfo?folderId=${folderId}&sort=${sort}&order=${order}&page=${page}`,
      ),
    ),
  );
  return [
    ...lists,
    '/engine/file/listFileInfo?folderId=0',
    `/engine/file/listFileFolder?folderId=${folderId}&page=2`,
    '/engine/folder/treeData',
    '/engine/file/search?keyword=entry%2004',
    '/engine/quota',
  ].map((path) => `/cloud-api${path}`);
}

/** Sends mixed list calls on `connections` connections for `seconds`; seeds its folder first. */
export async function runListLoad(
  baseURL: string,
  token: string,
  agent: http.Agent,
  seconds: number,
  connections = 8,
): Promise<ListLoad> {
  const auth = { authorization: `Bearer ${token}` };
  const folderId = await seedFolder(baseURL, auth, agent);
  const result = await autocannon({
    url: baseURL,
    headers: auth,
    connections,
    duration: seconds,
    requests: mixedCalls(folderId).map((path) => ({ method: 'GET', path })),
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
