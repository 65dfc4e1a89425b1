import type { UploadChallenge, UploadProof } from '@kerf/contract';
import { createSHA256 } from 'hash-wasm';

/**
 * Answers the server's proof-of-possession challenge for an instant upload of content someone else
 * stored: for each byte range it named, the SHA-256 of its nonce (as text) followed by those bytes.
 * The ranges are a few kilobytes, so this reads little and needs no worker.
 */
export async function answerChallenge(
  file: Blob,
  challenge: UploadChallenge,
  signal: AbortSignal,
): Promise<UploadProof> {
  const hasher = await createSHA256();
  const hashes: string[] = [];
  for (const { offset, length } of challenge.ranges) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    if (offset < 0 || length < 0 || offset + length > file.size) throw new Error('challenge range outside the file');
    hasher.init();
    hasher.update(challenge.nonce);
    hasher.update(new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()));
    hashes.push(hasher.digest('hex'));
  }
  return { challengeId: challenge.challengeId, hashes };
}
