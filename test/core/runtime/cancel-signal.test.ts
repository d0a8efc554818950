/** The core's cancellation token: callbacks run once on cancel, can be unregistered, and race a pending promise. */
import { raceCancel } from '../../../src/core/runtime/cancel-race';
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import { AddinError } from '../../../src/core/errors/addin-error';

describe('createCancelSource', () => {
  it('trips once, runs each registered callback once, skips unregistered ones, and runs late ones at once', () => {
    const source = createCancelSource();
    const ran: string[] = [];
    source.signal.onCancel(() => ran.push('a'));
    const stopB = source.signal.onCancel(() => ran.push('b'));
    stopB();
    expect(source.signal.cancelled).toBe(false);
    source.cancel();
    source.cancel();
    expect(source.signal.cancelled).toBe(true);
    expect(ran).toEqual(['a']);
    source.signal.onCancel(() => ran.push('late'));
    expect(ran).toEqual(['a', 'late']);
  });
});

describe('raceCancel', () => {
  it('settles as the promise does, or rejects as cancelled as soon as the signal trips', async () => {
    await expect(raceCancel(Promise.resolve(3), createCancelSource().signal)).resolves.toBe(3);
    const source = createCancelSource();
    const never = new Promise<number>(() => undefined);
    const raced = raceCancel(never, source.signal);
    source.cancel();
    await expect(raced).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(raceCancel(Promise.resolve(1), source.signal)).rejects.toBeInstanceOf(AddinError);
  });
});
