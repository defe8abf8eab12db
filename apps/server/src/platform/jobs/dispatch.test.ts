import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './dispatch.ts';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs a step again that PostgreSQL chose as a deadlock victim', async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw deadlock();
      return 'created';
    });
    expect(answer).toBe('created');
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt, and never retries another error', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw deadlock();
      }, 3),
    ).rejects.toThrow('deadlock detected');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw new Error('permission denied');
      }),
    ).rejects.toThrow('permission denied');
    expect(calls).toBe(1);
  });
});
