import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  SHA256_HEX,
  UPLOAD_PROOF_RANGE_BYTES,
  UPLOAD_PROOF_RANGES,
  UPLOAD_PROOF_TTL_MS,
  type UploadChallenge,
  type UploadProof,
} from '@kerf/contract';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { Cache } from '../../infra/cache/cache.js';

type Blob = { sha256: string; size: number };

interface IssuedChallenge extends UploadChallenge {
  userId: string;
  sha256: string;
  size: number;
}

const keyOf = (challengeId: string) => `upload-proof:${challengeId}`;

/**
 * Proof of possession for instant uploads of content someone else stored: the server picks a few byte
 * ranges with a CSPRNG and a nonce, remembers them in the shared cache for a few minutes, and accepts
 * the upload without bytes only when the caller answers with the SHA-256 of nonce + each range, once.
 * The nonce matters: without it a range covering a small file whole would be answered by the very hash
 * the caller already knows.
 */
export class UploadProofs {
  constructor(
    private readonly deps: {
      cache: Cache;
      blobs: BlobStore;
      rangeBytes?: number;
      ranges?: number;
    },
  ) {}

  async issue(userId: string, blob: Blob): Promise<UploadChallenge> {
    const length = Math.min(blob.size, this.deps.rangeBytes ?? UPLOAD_PROOF_RANGE_BYTES);
    const ranges = Array.from({ length: this.deps.ranges ?? UPLOAD_PROOF_RANGES }, () => ({
      // randomInt's upper bound is exclusive: every start that leaves a whole range inside the file
      offset: randomInt(0, blob.size - length + 1),
      length,
    }));
    const challenge: UploadChallenge = { challengeId: randomUUID(), nonce: randomBytes(16).toString('hex'), ranges };
    const issued: IssuedChallenge = { ...challenge, userId, sha256: blob.sha256, size: blob.size };
    await this.deps.cache.set(keyOf(challenge.challengeId), JSON.stringify(issued), UPLOAD_PROOF_TTL_MS);
    return challenge;
  }

  /**
   * True when `proof` answers a live challenge issued to this person for this content. A challenge is
   * spent by the first answer, right or wrong, so it cannot be tried twice.
   */
  async verify(userId: string, blob: Blob, proof: UploadProof): Promise<boolean> {
    const key = keyOf(proof.challengeId);
    const stored = await this.deps.cache.get(key);
    if (!stored) return false;
    if (!(await this.deps.cache.setIfAbsent(`${key}:spent`, '1', UPLOAD_PROOF_TTL_MS))) return false;
    await this.deps.cache.delete(key);
    const issued = JSON.parse(stored) as IssuedChallenge;
    if (issued.userId !== userId || issued.sha256 !== blob.sha256 || issued.size !== blob.size) return false;
    if (proof.hashes.length !== issued.ranges.length) return false;
    for (const [i, range] of issued.ranges.entries()) {
      const claimed = proof.hashes[i]!.toLowerCase();
      if (!SHA256_HEX.test(claimed)) return false;
      const actual = await this.rangeHash(blob.sha256, issued.nonce, range);
      if (!timingSafeEqual(Buffer.from(actual, 'hex'), Buffer.from(claimed, 'hex'))) return false;
    }
    return true;
  }

  private async rangeHash(sha256: string, nonce: string, range: { offset: number; length: number }) {
    const hash = createHash('sha256').update(nonce, 'ascii');
    if (range.length > 0) {
      const read = await this.deps.blobs.get(sha256, { start: range.offset, end: range.offset + range.length - 1 });
      for await (const piece of read.stream) hash.update(piece as Buffer);
    }
    return hash.digest('hex');
  }
}
