// The socket itself is outside our code: a fake stands in for socket.io-client, so the test drives its events.
import { describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (arg?: unknown) => void>();
vi.mock('socket.io-client', () => ({
  io: () => ({
    active: true,
    connected: false,
    on: (event: string, handler: (arg?: unknown) => void) => handlers.set(event, handler),
    disconnect: () => {},
    connect: () => {},
  }),
}));

const { connectLive, disconnectLive } = await import('./live.ts');

describe('live socket reconnects', () => {
  it('makes every query stale once after a reconnect (messages of the gap are lost), not on the first connect', async () => {
    const invalidate = vi.fn();
    const fx = {
      activeSchoolId: () => 's1',
      info: vi.fn(),
      reloadUser: vi.fn(),
      refetchInvites: vi.fn(),
      refetchNotifications: vi.fn(),
      removeNotification: vi.fn(),
      setGroupBlocked: vi.fn(),
      reloadTier: vi.fn(),
      invalidate,
    };
    await connectLive(() => ({ token: 't', schoolId: 's1' }), fx);
    handlers.get('connect')?.();
    expect(invalidate).not.toHaveBeenCalled();
    handlers.get('connect')?.();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith([{}]);
    disconnectLive();
  });
});
