import type { Clock } from '../lib/clock.ts'

/** A clock tests move by hand: expiry and hourly windows without sleeping. */
export class ManualClock implements Clock {
  private current: number

  constructor(start: Date = new Date()) {
    // Whole seconds, like JWT timestamps, so "issued before" comparisons are exact.
    this.current = Math.floor(start.getTime() / 1000) * 1000
  }

  now(): Date {
    return new Date(this.current)
  }

  advance(seconds: number): void {
    this.current += seconds * 1000
  }
}
