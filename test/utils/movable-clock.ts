import { Clock } from '#src/common/clock/clock.js';

/** A clock a test moves forward: the service reads the time from it, so expiries can be tested without waiting. */
export class MovableClock extends Clock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
