// A calendar-day picker (D.M.YYYY) with a last allowed day: later days are disabled in the calendar, and a later day
// typed in stays the value instead of being dropped without a word, so the form's rule can say why it is refused.
import { isCalendarDate } from '@volant/shared/validation';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY_FORMAT = 'D.M.YYYY';

/** A DatePicker's `disabledDate` for the days after `last` ('YYYY-MM-DD'). */
export function daysAfter(last: string) {
  return (day: Dayjs) => day.format('YYYY-MM-DD') > last;
}

/** 'D.M.YYYY' as typed → 'YYYY-MM-DD', or null when it is not a real day. */
export function typedDay(text: string): string | null {
  const m = /^\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const day = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isCalendarDate(day) ? day : null;
}

export type DayPickerProps = Omit<DatePickerProps, 'value' | 'defaultValue' | 'onChange' | 'onOk' | 'disabledDate' | 'format' | 'multiple' | 'picker'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** The last day offered ('YYYY-MM-DD'). */
  latest: string;
};

export function DayPicker({ latest, value, onChange, onBlur, onKeyDown, ...rest }: DayPickerProps) {
  // antd refuses a typed disabled day: the text is dropped when the field is left (Tab or Enter empty it before the
  // blur, so those keys are caught too) and the value stays as it was.
  const keepTypedDay = (target: EventTarget) => {
    const day = target instanceof HTMLInputElement ? typedDay(target.value) : null;
    if (day && day > latest && value?.format('YYYY-MM-DD') !== day) onChange?.(dayjs(day));
  };
  return (
    <DatePicker
      {...rest}
      format={DAY_FORMAT}
      value={value}
      onChange={(day) => onChange?.(day)}
      disabledDate={daysAfter(latest)}
      onBlur={(event, info) => {
        keepTypedDay(event.target);
        onBlur?.(event, info);
      }}
      onKeyDown={(event, preventDefault) => {
        if (event.key === 'Enter' || event.key === 'Tab') keepTypedDay(event.target);
        onKeyDown?.(event, preventDefault);
      }}
    />
  );
}
