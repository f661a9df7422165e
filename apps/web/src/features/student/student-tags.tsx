// Tags on a student: coloured tags with remove, and a select to add one of the school's tags.
import { CloseOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_TITLES } from '@volant/shared/errors';
import { App, Flex, Select, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { describeError, useTRPC } from '../../lib/trpc.ts';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';

export function StudentTags({ studentId }: { studentId: string }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const { notification } = App.useApp();
  const entity = { entityId: studentId, entityType: 'STUDENT' as const };
  const attached = useQuery(trpc.tag.getEntityTags.queryOptions(withSchool(school, entity)));
  const all = useQuery(trpc.tag.getTagsBySchoolId.queryOptions(school));

  // The tags of the card and the lists follow the write's live message (StudentInfoMessage).
  const onError = (err: unknown) => notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
  const add = useMutation(trpc.tag.addTagToEntity.mutationOptions({ onError }));
  const remove = useMutation(trpc.tag.removeTagFromEntity.mutationOptions({ onError }));

  const attachedIds = new Set((attached.data ?? []).map((t) => t.id));
  const options = (all.data ?? []).filter((t) => !attachedIds.has(t.id)).map((t) => ({ value: t.id, label: t.name }));

  return (
    <Flex wrap gap={6} align="center">
      {(attached.data ?? []).map((t) => (
        <Tag
          key={t.id}
          color={t.color}
          // The icon must be an element: `closeIcon: true` inside the object renders an empty, zero-width control.
          closable={{ closeIcon: <CloseOutlined />, 'aria-label': `Odebrat štítek ${t.name}` }}
          onClose={(e) => {
            e.preventDefault();
            remove.mutate({ ...schoolOf(school), ...entity, tagId: t.id });
          }}
        >
          {t.name}
        </Tag>
      ))}
      {all.data && all.data.length === 0 ? (
        <Typography.Text type="secondary">
          Autoškola zatím nemá žádné štítky. <Link to="/app/settings/tags">Vytvořit štítek</Link>
        </Typography.Text>
      ) : (
        <Select<string | null>
          size="small"
          placeholder="Přidat štítek"
          aria-label="Přidat štítek"
          value={null}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          loading={add.isPending || all.isLoading}
          onChange={(tagId) => tagId && add.mutate({ ...schoolOf(school), ...entity, tagId })}
          notFoundContent="Žádné další štítky"
          style={{ minWidth: 160 }}
        />
      )}
    </Flex>
  );
}
