import { Global, Injectable, Module } from '@nestjs/common';

/** The time, from one place, so that what expires (sessions, invitations) can be tested by moving it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
