/**
 * Admission control of the query API: at most N queries running per caller and M in total; the rest wait in one queue
 * per caller, served round-robin across callers so one caller's burst cannot starve another's query.
 */

/** A caller already has as many queries waiting as it may: answered 429. */
export class AdmissionRefused extends Error {
  constructor(readonly queued: number) {
    super(
      `Too many queries waiting: you have ${queued} queries queued behind your running ones. ` +
        'Wait for them to finish (or cancel them), then run this one again.',
    );
    this.name = 'AdmissionRefused';
  }
}

export interface AdmissionLimits {
  maxRunningPerCaller: number;
  maxRunningTotal: number;
  maxQueuedPerCaller: number;
}

/** A granted slot; `release` frees it (idempotent). */
export type Release = () => void;

/** A place in the queue: resolves with the slot; `cancel` leaves the queue (or frees the slot if granted meanwhile). */
export interface Ticket {
  granted: Promise<Release>;
  cancel(): void;
}

interface Waiter {
  grant: (release: Release) => void;
}

export class QueryAdmission {
  private readonly running = new Map<string, number>();
  private total = 0;
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private readonly limits: AdmissionLimits) {}

  /** Whether a query of `caller` would start now (no queue ahead of it, slots free). */
  hasRoomFor(caller: string): boolean {
    return (this.queues.get(caller)?.length ?? 0) === 0 && this.fits(caller);
  }

  /** Whether every slot is taken. */
  get full(): boolean {
    return this.total >= this.limits.maxRunningTotal;
  }

  /** Queries of `caller` waiting for a slot. */
  queuedFor(caller: string): number {
    return this.queues.get(caller)?.length ?? 0;
  }

  /** Queries running now, in total. */
  get runningTotal(): number {
    return this.total;
  }

  /** Asks for a slot for `caller`; throws AdmissionRefused when the caller's queue is full. */
  enter(caller: string): Ticket {
    const queue = this.queues.get(caller) ?? [];
    if (queue.length === 0 && this.fits(caller)) return { granted: Promise.resolve(this.take(caller)), cancel: () => undefined };
    if (queue.length >= this.limits.maxQueuedPerCaller) throw new AdmissionRefused(queue.length);
    let release: Release | undefined;
    let cancelled = false;
    const waiter: Waiter = { grant: () => undefined };
    const granted = new Promise<Release>((resolve) => {
      waiter.grant = (r) => {
        release = r;
        if (cancelled) r();
        else resolve(r);
      };
    });
    queue.push(waiter);
    this.queues.set(caller, queue);
    return {
      granted,
      cancel: () => {
        if (cancelled) return;
        cancelled = true;
        if (release !== undefined) {
          release();
          return;
        }
        const q = this.queues.get(caller);
        const at = q?.indexOf(waiter) ?? -1;
        if (q !== undefined && at >= 0) q.splice(at, 1);
        if (q !== undefined && q.length === 0) this.queues.delete(caller);
      },
    };
  }

  private fits(caller: string): boolean {
    return this.total < this.limits.maxRunningTotal && (this.running.get(caller) ?? 0) < this.limits.maxRunningPerCaller;
  }

  private take(caller: string): Release {
    this.running.set(caller, (this.running.get(caller) ?? 0) + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.running.get(caller) ?? 1) - 1;
      if (n === 0) this.running.delete(caller);
      else this.running.set(caller, n);
      this.total--;
      this.admitWaiting();
    };
  }

  /** Grants free slots to waiting callers in turn: the caller served moves to the back of the order. */
  private admitWaiting(): void {
    let progressed = true;
    while (progressed && this.total < this.limits.maxRunningTotal) {
      progressed = false;
      for (const [caller, queue] of this.queues) {
        if (!this.fits(caller)) continue;
        const waiter = queue.shift()!;
        this.queues.delete(caller);
        if (queue.length > 0) this.queues.set(caller, queue); // re-inserted last: round-robin
        waiter.grant(this.take(caller));
        progressed = true;
        break;
      }
    }
  }
}
