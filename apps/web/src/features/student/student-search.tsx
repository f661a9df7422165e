// Global student search in the header (spec §2 "App shell"): Ctrl+B, recent searches, debounced results.
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentState } from '@volant/shared/enums';
import { Input, type InputRef, Spin, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppStore } from '../../app/store.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { cycleIndex } from './student-rules.ts';
import { fullName, groupsText } from '@volant/shared/format';
import { StateBadge } from './state-badge.tsx';
import { useOpenStudent } from './use-open-student.ts';
import { schoolOf, useSchoolInput, withSchool } from '../../app/use-school.ts';

const DEBOUNCE_MS = 200;
const FETCH_SIZE = 10;
const SHOW_SIZE = 5;

export interface SearchItem {
  id: string;
  registrationNumber: string;
  state: StudentState;
  firstName: string;
  lastName: string;
  degree?: string | null;
  groups: readonly string[];
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** `autoFocus`: the search page of the mobile navigation opens with the recent searches shown. */
export function StudentSearch({ mobile = false, autoFocus = false }: { mobile?: boolean; autoFocus?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const school = useSchoolInput();
  const openStudent = useOpenStudent();
  const inputRef = useRef<InputRef>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const fullText = useDebounced(text.trim(), DEBOUNCE_MS);
  const showRecent = text.trim() === '';
  const setRaised = useAppStore((s) => s.setSearchRaised);
  // Each Ctrl+B asks for the focus once more; the effect below takes it after the drawer has let it go.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const results = useQuery({
    ...trpc.student.students.queryOptions(withSchool(school, { fullText, pageSize: FETCH_SIZE, currentPage: 1 })),
    enabled: open && fullText !== '',
    placeholderData: keepPreviousData,
  });
  const recent = useQuery({ ...trpc.userSearch.getUserLastSearch.queryOptions(school), enabled: open && showRecent });
  const report = useMutation(
    trpc.student.reportUserSearch.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.userSearch.getUserLastSearch.queryKey() }),
    }),
  );

  // Ctrl+B focuses the search from anywhere, in front of an open drawer too (the header rises over its mask and the
  // drawer lifts its focus trap), and selects what is typed there, so typing starts a new search.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && (e.key === 'b' || e.key === 'B')) {
        e.preventDefault();
        setRaised(true);
        setOpen(true);
        setFocusRequest((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setRaised]);

  // Passive effects run after every clean-up of the same commit, so the drawer's focus lock is gone by now.
  useEffect(() => {
    if (focusRequest === 0) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  const items: SearchItem[] = showRecent
    ? ((recent.data ?? []) as SearchItem[]).slice(0, SHOW_SIZE)
    : ((results.data?.items ?? []) as SearchItem[]).slice(0, SHOW_SIZE);
  const loading = showRecent ? recent.isLoading : fullText !== text.trim() || results.isLoading;

  // A new list starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new query or list kind
  useEffect(() => setActive(-1), [fullText, showRecent]);

  const close = (clear: boolean) => {
    setOpen(false);
    setRaised(false);
    setActive(-1);
    if (clear) setText('');
  };

  const select = (item: SearchItem) => {
    report.mutate({ ...schoolOf(school), studentId: item.id });
    close(true);
    inputRef.current?.blur();
    openStudent(item.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => cycleIndex(i, items.length, e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      const item = items[active] ?? (items.length === 1 ? items[0] : undefined);
      if (item) {
        e.preventDefault();
        select(item);
      }
    } else if (e.key === 'Escape') {
      // Escape closes the search only, not the drawer behind it (which listens on the window).
      e.preventDefault();
      e.stopPropagation();
      close(true);
      inputRef.current?.blur();
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div style={{ position: 'relative', width: mobile ? '100%' : 380, maxWidth: '100%' }}>
      <Input
        ref={inputRef}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-label="Vyhledat žáka"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={mobile ? 'Vyhledat žáka' : 'Jméno, příjmení, evidenční číslo (Ctrl+B)'}
        value={text}
        disabled={school === skipToken}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => close(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div
          style={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            insetInline: 0,
            zIndex: 1050,
            background: 'var(--ant-color-bg-elevated, #fff)',
            borderRadius: 8,
            boxShadow: '0 6px 16px rgba(0,0,0,0.12), 0 3px 6px -4px rgba(0,0,0,0.12)',
            padding: 4,
            minWidth: 280,
          }}
          // Keep the focus in the input while clicking a row.
          onMouseDown={(e) => e.preventDefault()}
        >
          {showRecent && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 8px', fontSize: 12 }}>
              Nedávné výhledávání
            </Typography.Text>
          )}
          <div id={listId} role="listbox" aria-label={showRecent ? 'Nedávné výhledávání' : 'Výsledky vyhledávání'}>
            {items.map((item, i) => (
              <div
                key={item.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                onClick={() => select(item)}
                onMouseEnter={() => setActive(i)}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '6px 8px',
                  borderRadius: 4,
                  cursor: 'pointer',
                  background: i === active ? 'var(--ant-control-item-bg-hover, rgba(0,0,0,0.04))' : undefined,
                }}
              >
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{fullName(item)}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[item.registrationNumber, groupsText(item.groups)].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </div>
                <StateBadge state={item.state} />
              </div>
            ))}
          </div>
          {loading && items.length === 0 && (
            <div style={{ padding: 8, textAlign: 'center' }}>
              <Spin size="small" />
            </div>
          )}
          {!loading && items.length === 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 8px' }}>
              {showRecent ? 'Zatím neexistuje historie vyhledávání' : 'Žáka kterého hledáte není v systému'}
            </Typography.Text>
          )}
        </div>
      )}
    </div>
  );
}
