// Settings → Ceník, section 'Další položky' (issue 9): the school's price per extra (kondiční jízda, opravná zkouška …),
// in Kč per piece. Platba's 'Přidat položku' prefills it. Admins set a price (an empty one removes it); others read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRICE_EXTRA_LABELS, PRICE_EXTRAS, type PriceExtra } from '@volant/shared/enums';
import { ERROR_TITLES } from '@volant/shared/errors';
import { formatMoney, toCzk } from '@volant/shared/format';
import { PRICE_MAX_CZK, priceExtraInput } from '@volant/shared/payment-item/inputs';
import { Alert, App, Button, Flex, InputNumber, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { CardList } from '../../components/card-list.tsx';
import { useIsPhone } from '../../lib/media.ts';
import { describeError, useTRPC } from '../../lib/trpc.ts';

interface Row {
  item: PriceExtra;
  label: string;
  price: number | null;
}

/** One extra's price for an admin: the amount in Kč and 'Uložit' (an empty amount removes the price). */
function ExtraPriceEditor({ row }: { row: Row }) {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const queryClient = useQueryClient();
  const { message, notification } = App.useApp();
  const [value, setValue] = useState<number | null>(row.price === null ? null : toCzk(row.price));
  const [error, setError] = useState<string | null>(null);
  const set = useMutation(
    trpc.paymentItem.setPriceExtra.mutationOptions({
      onSuccess: (rows) => queryClient.setQueryData(trpc.paymentItem.getPriceExtras.queryKey(schoolOf(school)), rows),
    }),
  );
  const unchanged = (row.price === null ? null : toCzk(row.price)) === value;

  const save = async () => {
    const parsed = priceExtraInput.safeParse({ item: row.item, price: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await set.mutateAsync({ ...schoolOf(school), item: row.item, price: value });
      message.success(value === null ? 'Cena byla odstraněna' : 'Cena byla uložena');
    } catch (err) {
      notification.error({ title: ERROR_TITLES.error, description: describeError(err).message });
    }
  };

  return (
    <Flex vertical gap={4}>
      <Flex gap={8} wrap>
        <InputNumber<number>
          aria-label={`Cena – ${row.label}`}
          placeholder="Nezadána"
          min={0}
          max={PRICE_MAX_CZK}
          step={100}
          precision={2}
          decimalSeparator=","
          status={error ? 'error' : undefined}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          onPressEnter={() => save()}
          style={{ width: 160 }}
        />
        <Button onClick={save} loading={set.isPending} disabled={unchanged} aria-label={`Uložit – ${row.label}`}>
          Uložit
        </Button>
      </Flex>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Flex>
  );
}

export function PriceExtrasSettings() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const isPhone = useIsPhone();
  const { isAdmin } = useMembership();
  const list = useQuery(trpc.paymentItem.getPriceExtras.queryOptions(school));
  const prices = new Map((list.data ?? []).map((p) => [p.item, p.price]));
  const rows: Row[] = PRICE_EXTRAS.map((item) => ({ item, label: PRICE_EXTRA_LABELS[item], price: prices.get(item) ?? null }));
  // The editors start from the loaded prices; a change elsewhere (live) restarts them.
  const version = (list.data ?? []).map((p) => `${p.item}:${p.price}`).join(',');
  const priceText = (r: Row) => (r.price === null ? 'Nezadána' : formatMoney(r.price));
  const price = (r: Row) => (isAdmin && list.isSuccess ? <ExtraPriceEditor key={`${r.item}-${version}`} row={r} /> : priceText(r));

  const columns: TableProps<Row>['columns'] = [
    { key: 'label', title: 'Položka', render: (_, r) => r.label },
    { key: 'price', title: 'Cena za kus', render: (_, r) => price(r) },
  ];

  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Další položky
      </Typography.Title>
      <Typography.Text type="secondary">Ceny položek, které lze žákovi naúčtovat navíc ke kurzu (karta žáka → Platba → Přidat položku).</Typography.Text>
      {list.isError && <Alert type="error" showIcon title={describeError(list.error).message} />}
      {isPhone ? (
        <CardList<Row>
          label="Další položky"
          items={rows}
          rowKey={(r) => r.item}
          title={(r) => r.label}
          fields={(r) => [{ label: 'Cena za kus', value: price(r) }]}
          emptyText="Žádné položky"
        />
      ) : (
        <Table<Row> rowKey="item" columns={columns} dataSource={rows} loading={list.isPending && !list.isError} pagination={false} size="middle" />
      )}
    </Flex>
  );
}
