// The header's bell (issue 11): the unread count, and the list of every notification the user may see (read ones
// too, so they can be read again). A click marks one read and opens where it leads. A popover on a computer, a
// bottom sheet on a phone. The operator's own messages also open once in the notification modal (spec §2).
import { BellOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, List, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/antd-static.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { describeError, type RouterOutputs, useTRPC } from '../../lib/trpc.ts';

type Item = RouterOutputs['user']['getNotificationList']['items'][number];

const PAGE = 20;
const relative = new Intl.RelativeTimeFormat('cs', { numeric: 'auto' });

/** 'před 5 minutami', 'včera', 'před 3 dny' (Czech, relative to now). */
export function timeAgo(at: Date, now = new Date()): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'právě teď';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return at.toLocaleDateString('cs-CZ');
}

function NotificationList({ onOpen }: { onOpen: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const schoolCount = useQuery(trpc.user.getUserSchools.queryOptions()).data?.length ?? 0;
  const list = useInfiniteQuery(trpc.user.getNotificationList.infiniteQueryOptions({ limit: PAGE }, { getNextPageParam: (page) => page.nextCursor }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.user.getNotificationList.pathFilter());
    void queryClient.invalidateQueries(trpc.user.getUnreadNotificationCount.pathFilter());
  };
  const read = useMutation(trpc.user.readNotification.mutationOptions({ onSettled: refresh }));
  const readAll = useMutation(trpc.user.readAllNotifications.mutationOptions({ onSettled: refresh }));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const open = (n: Item) => {
    if (!n.isRead) read.mutate({ id: n.id });
    if (n.link?.startsWith('/app')) {
      onOpen();
      navigate(n.link);
    }
  };

  if (list.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (list.isError) return <Typography.Text type="danger">{describeError(list.error).message}</Typography.Text>;
  return (
    <div className="notification-list">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
        <Button
          type="link"
          size="small"
          disabled={!items.some((n) => !n.isRead)}
          loading={readAll.isPending}
          onClick={() => readAll.mutate(undefined, { onError: (e) => notify.error(describeError(e).message) })}
        >
          Označit vše jako přečtené
        </Button>
      </div>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Zatím nemáte žádná oznámení" />
      ) : (
        <List
          aria-label="Oznámení"
          dataSource={items}
          renderItem={(n) => (
            <List.Item
              key={n.id}
              onClick={() => open(n)}
              style={{ cursor: 'pointer', padding: '8px 4px', alignItems: 'flex-start', background: n.isRead ? undefined : '#f0f7ff' }}
              aria-label={n.title}
            >
              <div style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong={!n.isRead}>
                  {!n.isRead && <Badge status="processing" style={{ marginInlineEnd: 6 }} />}
                  {n.title}
                </Typography.Text>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {n.message}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {timeAgo(new Date(n.createdAt))}
                  {schoolCount > 1 && n.schoolName ? ` · ${n.schoolName}` : ''}
                </Typography.Text>
              </div>
            </List.Item>
          )}
        />
      )}
      {list.hasNextPage && (
        <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Načíst další
        </Button>
      )}
    </div>
  );
}

export function NotificationBell() {
  const trpc = useTRPC();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const unread = useQuery(trpc.user.getUnreadNotificationCount.queryOptions()).data?.count ?? 0;
  const button = (
    <Badge count={unread} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        shape="circle"
        icon={<BellOutlined style={{ fontSize: 18 }} />}
        aria-label={unread ? `Oznámení (${unread} nepřečtených)` : 'Oznámení'}
        onClick={() => setOpen((v) => !v)}
      />
    </Badge>
  );
  if (isPhone) {
    return (
      <>
        {button}
        <Drawer title="Oznámení" placement="bottom" size="large" open={open} onClose={() => setOpen(false)} destroyOnHidden>
          <NotificationList onOpen={() => setOpen(false)} />
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title="Oznámení"
      content={
        <div style={{ width: 360, maxHeight: 480, overflowY: 'auto' }}>
          <NotificationList onOpen={() => setOpen(false)} />
        </div>
      }
      destroyOnHidden
    >
      {button}
    </Popover>
  );
}
