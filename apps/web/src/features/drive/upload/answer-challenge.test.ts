import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerChallenge } from './answer-challenge';

describe('answerChallenge', () => {
  const bytes = randomBytes(5000);
  const file = new Blob([bytes]);
  const challenge = {
    challengeId: 'c-1',
    nonce: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    ranges: [
      { offset: 0, length: 100 },
      { offset: 4900, length: 100 },
      { offset: 1234, length: 0 },
    ],
  };

  it('hashes the nonce followed by each range, as the server checks it', async () => {
    const proof = await answerChallenge(file, challenge, new AbortController().signal);
    const expected = challenge.ranges.map((r) =>
      createHash('sha256')
        .update(challenge.nonce)
        .update(bytes.subarray(r.offset, r.offset + r.length))
        .digest('hex'),
    );
    expect(proof).toEqual({ challengeId: 'c-1', hashes: expected });
    // the nonce matters: the bare range hash is not the answer
    expect(proof.hashes[0]).not.toBe(createHash('sha256').update(bytes.subarray(0, 100)).digest('hex'));
  });

  it('refuses a range outside the file and stops when aborted', async () => {
    const outside = { ...challenge, ranges: [{ offset: 4990, length: 20 }] };
    await expect(answerChallenge(file, outside, new AbortController().signal)).rejects.toThrow(/outside/);
    const stop = new AbortController();
    stop.abort();
    await expect(answerChallenge(file, challenge, stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
