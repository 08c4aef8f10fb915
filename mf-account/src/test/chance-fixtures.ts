import type { ChanceControls } from '@arttoy/shared/contracts/api';

/** GET /api/me/limits for an account that set nothing yet, with `changes` over it. */
export function chanceControls(changes: Partial<ChanceControls> = {}): ChanceControls {
  const period = (name: 'day' | 'week' | 'month', resetsAt: string) => ({
    period: name,
    limitMinor: null,
    pending: null,
    spentMinor: 0,
    leftMinor: null,
    resetsAt,
  });
  return {
    age: { minAge: 18, birthMonth: null, ofAge: false, ofAgeFrom: null },
    timeZone: 'UTC',
    currency: 'USD',
    limits: [
      period('day', '2026-11-29T00:00:00.000Z'),
      period('week', '2026-11-30T00:00:00.000Z'),
      period('month', '2026-12-01T00:00:00.000Z'),
    ],
    breakUntil: null,
    reminder: { afterBoxes: null, sessionBoxes: 0, sessionStartedAt: null },
    ...changes,
  };
}
