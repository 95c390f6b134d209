/** The time source of the business rules (session expiry, rate-limit windows, daily resets). */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand, so time-based rules are tested without waiting. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-01-15T10:00:00Z')) {}

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  set(date: Date): void {
    this.current = new Date(date);
  }
}
