import { describe, expect, it } from 'vitest';
import { lessonStateWord, rideStateWord } from './views.ts';

describe('state words', () => {
  const now = new Date('2031-03-03T10:00:00Z');
  it('a ride is Absolvovaná only when registered as done; a planned ride past its end is Nezaevidovaná', () => {
    const before = new Date('2031-03-03T09:30:00Z');
    const after = new Date('2031-03-03T11:30:00Z');
    expect([
      rideStateWord('SCHEDULED', after, now),
      rideStateWord('SCHEDULED', before, now),
      rideStateWord('COMPLETED', before, now),
      rideStateWord('CANCELLED_BY_STUDENT', after, now),
      rideStateWord('CANCELLED_BY_TEACHER', before, now),
    ]).toEqual(['Naplánovaná', 'Nezaevidovaná', 'Absolvovaná', 'Zrušená', 'Zrušená']);
  });
  it('a lesson is Absolvovaná only when marked attended', () => {
    expect([
      lessonStateWord(false, '2031-03-03', '2031-03-03'),
      lessonStateWord(false, '2031-03-02', '2031-03-03'),
      lessonStateWord(true, '2031-03-02', '2031-03-03'),
    ]).toEqual(['Naplánovaná', 'Nezaevidovaná', 'Absolvovaná']);
  });
});
