// A table's rows as cards, for phones: a table there scrolled sideways and showed about three columns at a time.
// Each card has a title line (with optional actions) and the fields as label–value pairs that wrap.
import { Empty } from 'antd';
import type { ReactNode } from 'react';

export interface CardListField {
  label: string;
  value: ReactNode;
}

export function CardList<T>({
  label,
  items,
  rowKey,
  title,
  actions,
  fields,
  emptyText,
}: {
  /** Accessible name of the list. */
  label: string;
  items: readonly T[];
  rowKey: (item: T) => string;
  title: (item: T) => ReactNode;
  actions?: (item: T) => ReactNode;
  fields: (item: T) => CardListField[];
  emptyText: string;
}) {
  if (items.length === 0) return <Empty description={emptyText} />;
  return (
    <ul className="app-card-list" aria-label={label}>
      {items.map((item) => (
        <li key={rowKey(item)} className="app-card-list__item">
          <div className="app-card-list__head">
            <div className="app-card-list__title">{title(item)}</div>
            {actions?.(item)}
          </div>
          <dl className="app-card-list__fields">
            {fields(item).map((f) => (
              <div key={f.label} className="app-card-list__field">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
