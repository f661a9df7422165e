import { describe, expect, it, vi } from 'vitest';
import { handleLiveMessage, type LiveEffects, onLiveMessage } from './live.ts';

function effects(activeSchoolId = 's1') {
  return {
    activeSchoolId: () => activeSchoolId,
    info: vi.fn(),
    reloadUser: vi.fn(),
    refetchInvites: vi.fn(),
    refetchNotifications: vi.fn(),
    removeNotification: vi.fn(),
    setGroupBlocked: vi.fn(),
    reloadTier: vi.fn(),
    invalidateRouter: vi.fn(),
  } satisfies LiveEffects;
}

describe('live reactions', () => {
  it('refetches invites when one is created', () => {
    const fx = effects();
    handleLiveMessage({ SchoolInviteCreatedMessage: { inviteId: 'i' } }, fx);
    expect(fx.refetchInvites).toHaveBeenCalled();
  });

  it('tells the user they were removed, reloads the user and the invites', () => {
    const fx = effects();
    handleLiveMessage({ SchoolInviteRemovedMessage: { schoolId: 's1' } }, fx);
    expect(fx.info).toHaveBeenCalledWith('Byl jste odstraněn ze školy');
    expect(fx.reloadUser).toHaveBeenCalled();
    expect(fx.refetchInvites).toHaveBeenCalled();
  });

  it('refetches notifications on a new one and removes a read one by id', () => {
    const fx = effects();
    handleLiveMessage({ NotificationMessage: { id: 'n1', type: 'GENERIC' } }, fx);
    handleLiveMessage({ NotificationReadMessage: { id: 'n2' } }, fx);
    expect(fx.refetchNotifications).toHaveBeenCalledTimes(1);
    expect(fx.removeNotification).toHaveBeenCalledWith('n2');
  });

  it('sets the blocked flag only for the active school, and reloads the user', () => {
    const fx = effects('s1');
    handleLiveMessage({ GroupBlockedMessage: { schoolId: 's1', isBlocked: true } }, fx);
    handleLiveMessage({ GroupBlockedMessage: { schoolId: 's2', isBlocked: false } }, fx);
    expect(fx.setGroupBlocked).toHaveBeenCalledTimes(1);
    expect(fx.setGroupBlocked).toHaveBeenCalledWith(true);
    expect(fx.reloadUser).toHaveBeenCalledTimes(2);
  });

  it('reloads the user and the tier when the tier changes', () => {
    const fx = effects();
    handleLiveMessage({ TierChangedMessage: { schoolId: 's1' } }, fx);
    expect(fx.reloadUser).toHaveBeenCalled();
    expect(fx.reloadTier).toHaveBeenCalled();
  });

  it('invalidates account and student queries on a new student', () => {
    const fx = effects();
    handleLiveMessage({ OnNewStudentMessage: { schoolId: 's1', studentId: 'x' } }, fx);
    expect(fx.invalidateRouter).toHaveBeenCalledWith('account');
    expect(fx.invalidateRouter).toHaveBeenCalledWith('student');
  });

  it('invalidates student queries on student, payment and lesson messages', () => {
    for (const name of ['StudentInfoMessage', 'PaymentItemMessage', 'TeachingLessonRecordMessage', 'DrivingLessonRecordMessage']) {
      const fx = effects();
      handleLiveMessage({ [name]: { schoolId: 's1', studentId: 'x' } }, fx);
      expect(fx.invalidateRouter).toHaveBeenCalledWith('student');
    }
  });

  it('ignores unknown messages and garbage, and passes messages to listeners', () => {
    const fx = effects();
    const listener = vi.fn();
    const off = onLiveMessage(listener);
    handleLiveMessage({ SomethingNew: {} }, fx);
    handleLiveMessage(null, fx);
    handleLiveMessage('x', fx);
    off();
    handleLiveMessage({ NotificationMessage: { id: 'n', type: 'GENERIC' } }, fx);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(fx.info).not.toHaveBeenCalled();
  });
});
