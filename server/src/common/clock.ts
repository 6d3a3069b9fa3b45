import { Injectable } from '@nestjs/common';

/** The time every expiry rule reads, so tests can move it forward. */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** The database's time as the store reads it: a test's offset moves it like `now()`. */
  fromDatabase(databaseTime: Date): Date {
    return new Date(databaseTime.getTime() + this.offsetMs);
  }

  advance(ms: number) {
    this.offsetMs += ms;
  }

  reset() {
    this.offsetMs = 0;
  }
}
