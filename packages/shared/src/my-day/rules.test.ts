import { describe, expect, it } from 'vitest';
import { actualMinutes, applyLocally, flowStep, nextToSend, type OutboxEntry, rideOutboxState, unitsText, unsentCount } from './rules.ts';

const ride = {
  state: 'SCHEDULED',
  startedAt: null,
  endedAt: null,
  signed: false,
  teacherSigned: false,
  tachometerBefore: null,
  tachometerAfter: null,
  note: null,
};
const at = new Date('2031-03-03T08:00:00Z');
const entry = (seq: number, recordId: string, state: OutboxEntry['state'] = 'PENDING'): OutboxEntry => ({
  seq,
  key: `key-${seq}-xxxx`,
  recordId,
  state,
  action: { kind: 'START', at, tachometerBefore: null },
});

describe('one ride’s flow', () => {
  it('goes start → end → sign → done, and a cancelled ride has no step', () => {
    expect(flowStep(ride)).toBe('START');
    const started = applyLocally(ride, { kind: 'START', at, tachometerBefore: 1000 });
    expect(started.tachometerBefore).toBe(1000);
    expect(flowStep(started)).toBe('END');
    const ended = applyLocally(started, { kind: 'END', at: new Date(at.getTime() + 90 * 60_000), tachometerAfter: 1042 });
    expect(flowStep(ended)).toBe('SIGN');
    expect(flowStep(applyLocally(ended, { kind: 'REGISTER', signature: '<svg/>', teacherSignature: '<svg/>' }))).toBe('DONE');
    expect(flowStep({ ...ride, state: 'CANCELLED_BY_STUDENT' })).toBe('CANCELLED');
  });

  it('shows the length in 45-minute units, at least one minute long', () => {
    expect(unitsText(90)).toBe('2 × 45 min');
    expect(unitsText(60)).toBe('1,3 × 45 min');
    expect(actualMinutes(at, new Date(at.getTime() + 89.6 * 60_000))).toBe(90);
    expect(actualMinutes(at, new Date(at.getTime() + 5_000))).toBe(1);
  });
});

describe('the outbox', () => {
  it('sends in order, and a ride in conflict or refused waits while other rides go on', () => {
    expect(nextToSend([entry(2, 'a'), entry(1, 'a')])?.seq).toBe(1);
    expect(nextToSend([entry(1, 'a', 'SENT'), entry(2, 'a')])?.seq).toBe(2);
    expect(nextToSend([entry(1, 'a', 'CONFLICT'), entry(2, 'a'), entry(3, 'b')])?.seq).toBe(3);
    expect(nextToSend([entry(1, 'a', 'FAILED'), entry(2, 'a')])).toBeNull();
    expect(nextToSend([entry(1, 'a', 'SENT')])).toBeNull();
  });

  it('counts the rides with something unsent and names each ride’s state', () => {
    const list = [entry(1, 'a', 'SENT'), entry(2, 'a'), entry(3, 'a'), entry(4, 'b'), entry(5, 'c', 'SENT')];
    expect(unsentCount(list)).toBe(2);
    expect(rideOutboxState(list, 'a')).toBe('PENDING');
    expect(rideOutboxState(list, 'c')).toBe('SENT');
    expect(rideOutboxState([...list, entry(6, 'c', 'CONFLICT')], 'c')).toBe('CONFLICT');
    expect(rideOutboxState(list, 'z')).toBeNull();
  });
});
